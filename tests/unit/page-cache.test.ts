import { describe, expect, it } from 'vitest';
import { TaggedCache } from '@/lib/catalog-client/cache';
import { notePageRead, runInRequest } from '@/lib/request-context';
import { encodingFor, pageEncodingFor } from '@/lib/site/encoding';
import { type PageAnswer, PageCache, pageKey, shellOf } from '@/lib/site/page-cache';

/*
 * The page cache's rules (lib/site/page-cache.ts): which pages are kept, what expires them, and which renders
 * are never kept. The server's side (serving, counting, expiry across instances) is tested on production
 * servers in tests/build/instances.test.ts and tests/abuse/visitors.test.ts.
 */

const page = (
  text = '<html>rental</html>',
  status = 200,
  headers: PageAnswer['headers'] = {},
): PageAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', ...headers },
  body: Buffer.from(text),
});

function clock() {
  const state = {
    now: 1_000_000,
    day: '2027-03-01',
    replica: 'v1' as string | undefined,
    fx: '2026-11-20 ECB',
  };
  const cache = new PageCache(
    1024 * 1024,
    () => state.replica,
    () => state.now,
    () => state.day,
    () => state.fx,
  );
  return { state, cache };
}

/** A render as the server watches it: the reads noted in the request context while it runs. */
function render(cache: PageCache, reads: (() => void)[] = []) {
  const watch = cache.watch();
  runInRequest({ requestId: 'r', method: 'GET', path: '/', page: watch.reads }, () => {
    for (const read of reads) read();
  });
  return watch;
}
/** A key as the server makes it for a gzip answer (keep checks the encoding sent). */
const key = (name: string) => `gzip browser /${name}`;
const read =
  (tags: string[], freshUntil = Number.MAX_SAFE_INTEGER) =>
  () =>
    notePageRead({ tags, freshUntil });

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('which pages are kept', () => {
  it('keeps the pages a visitor does not change, by URL, encoding sent and kind of agent', () => {
    expect(pageKey('GET', '/', 'gzip', CHROME)).toBe('gzip browser /');
    expect(pageKey('GET', '/properties/12', 'gzip, deflate, br, zstd', CHROME)).toBe(
      'br browser /properties/12',
    );
    expect(pageKey('HEAD', '/properties/12?currency=EUR', undefined)).toBe(
      'identity browser /properties/12?currency=EUR',
    );
    expect(pageKey('GET', '/destinations', 'gzip')).not.toBeNull();
    expect(pageKey('GET', '/embed/properties/12?host=https%3A%2F%2Fpartner.example', 'gzip')).not.toBeNull();
    // A destination's search is in its URL: the same URL is the same page for everyone…
    expect(pageKey('GET', '/destinations/7?sort=price&page=2&type=villa', 'gzip')).not.toBeNull();
    // …but a traveller's own dates are theirs (and would tell others what someone searched).
    expect(pageKey('GET', '/destinations/7?checkin=2027-03-10&checkout=2027-03-17', 'gzip')).toBeNull();
  });

  it('sends a page in brotli to a client that names it, as willingly as what it takes else', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('br')).toBe('br');
    expect(pageEncodingFor('BR;q=0.9, gzip;q=0.8')).toBe('br');
    expect(pageEncodingFor('br;q=0.5, gzip')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip')).toBe('gzip');
    expect(pageEncodingFor('brotli, gzip')).toBe('gzip');
    expect(pageEncodingFor('gzip;q=0, br;q=0.1')).toBe('br');
    expect(pageEncodingFor('*')).toBe('gzip');
    expect(pageEncodingFor('identity')).toBe('identity');
    expect(pageEncodingFor(undefined)).toBe('identity');
    // A brotli answer is kept only as brotli.
    const { cache } = clock();
    expect(cache.keep('br browser /', cache.watch(), page('raw'))).toMatch(/not as its key says/);
    expect(
      cache.keep('br browser /', cache.watch(), page('raw', 200, { 'content-encoding': 'br' })),
    ).toBeNull();
  });

  it('keys on the encoding the framework will send, so an odd header cannot take a browser’s key', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('gzip');
    expect(encodingFor('g zip, d eflate, br, zstd')).toBe('identity');
    expect(encodingFor('gzip;q=0, deflate')).toBe('deflate');
    expect(encodingFor('deflate;q=0.5, gzip;q=0.4')).toBe('deflate');
    expect(encodingFor('*')).toBe('gzip');
    expect(encodingFor(undefined)).toBe('identity');
    // What was sent must be what the key says, whatever the header was.
    const { cache } = clock();
    expect(
      cache.keep('gzip browser /', cache.watch(), page('raw', 200, { 'content-encoding': 'identity' })),
    ).toMatch(/not as its key says/);
    expect(
      cache.keep(
        'identity browser /',
        cache.watch(),
        page('raw', 200, { 'content-encoding': [] as unknown as string }),
      ),
    ).toMatch(/not as its key says/);
  });

  it('keeps a link preview’s page (metadata in its head) apart from a browser’s', () => {
    const bot = pageKey('GET', '/properties/12', 'gzip', 'facebookexternalhit/1.1');
    expect(bot).toBe('gzip bot /properties/12');
    expect(bot).not.toBe(pageKey('GET', '/properties/12', 'gzip', CHROME));
  });

  it('renders a page with a stay, a proposal, or anything the page may read per visitor', () => {
    expect(pageKey('GET', '/properties/12?checkin=2027-03-10&checkout=2027-03-17', 'gzip')).toBeNull();
    expect(pageKey('GET', '/properties/12?proposal=abc&option=1', 'gzip')).toBeNull();
    expect(pageKey('GET', '/properties/12?utm_source=x', 'gzip')).toBeNull();
    expect(pageKey('GET', '/?checkin=2027-03-10', 'gzip')).toBeNull();
    for (const path of [
      '/search?location=7',
      '/shortlist',
      '/inquire',
      '/proposals/abc',
      '/inquiries/x',
      '/properties/abc',
    ])
      expect(pageKey('GET', path, 'gzip')).toBeNull();
    expect(pageKey('POST', '/properties/12', 'gzip')).toBeNull();
    expect(pageKey('GET', `/destinations/7?q=${'x'.repeat(3000)}`, 'gzip')).toBeNull();
  });
});

describe('a property page with a stay', () => {
  const stay = 'checkin=2027-03-10&checkout=2027-03-17&adults=3&children=1&infants=1&bedrooms=2';

  it('is served the rental’s page without the stay, kept under the same key whatever stay comes', () => {
    expect(shellOf(`/properties/12?${stay}`)).toBe('/properties/12');
    expect(shellOf('/properties/12?checkin=2027-03-10')).toBe('/properties/12');
    // Older links' words for the party go with the stay.
    expect(shellOf('/properties/12?guests=4&rooms=2')).toBe('/properties/12');
    expect(shellOf(`/properties/12?currency=EUR&${stay}`)).toBe('/properties/12?currency=EUR');
    expect(shellOf(`/embed/properties/12?host=https%3A%2F%2Fpartner.example&${stay}`)).toBe(
      '/embed/properties/12?host=https%3A%2F%2Fpartner.example',
    );
    const key = (url: string) => pageKey('GET', shellOf(url), 'gzip', CHROME);
    expect(key(`/properties/12?${stay}`)).toBe(key('/properties/12'));
    expect(key(`/properties/12?${stay}`)).not.toBeNull();
  });

  it('is kept for everyone whatever campaign tags its link carries, on every page that is kept', () => {
    const tags = 'utm_source=partner&utm_medium=email&utm_campaign=spring_26&gclid=Cj0KCQ&fbclid=IwAR';
    expect(shellOf(`/properties/12?${tags}&${stay}`)).toBe('/properties/12');
    expect(shellOf(`/destinations/7?sort=price&${tags}`)).toBe('/destinations/7?sort=price');
    expect(shellOf(`/?${tags}`)).toBe('/');
    const key = (url: string) => pageKey('GET', shellOf(url), 'gzip', CHROME);
    expect(key(`/destinations?currency=EUR&${tags}`)).toBe(key('/destinations?currency=EUR'));
    // Only those: a parameter a page might read is not dropped (and leaves the page unkept).
    expect(shellOf('/properties/12?utmsource=x&gclid_extra=y')).toBe(
      '/properties/12?utmsource=x&gclid_extra=y',
    );
    expect(key('/properties/12?utmsource=x')).toBeNull();
    // A page that is not kept is rendered as asked, tags and all.
    expect(shellOf(`/search?${tags}`)).toBe(`/search?${tags}`);
  });

  it('is left as asked when it carries more than a stay, or is another page', () => {
    // An advisor's proposal is rendered with its stay (and not kept): pageKey refuses what is left.
    const proposal = `/properties/12?proposal=abc&option=1&${stay}`;
    expect(shellOf(proposal)).toBe('/properties/12?proposal=abc&option=1');
    expect(pageKey('GET', shellOf(proposal), 'gzip')).toBeNull();
    // So is an advisor's reference for the inquiry: the server renders it into the page.
    expect(pageKey('GET', shellOf(`/properties/12?reference=ADV-9&${stay}`), 'gzip')).toBeNull();
    for (const url of [
      '/properties/12',
      '/properties/12?currency=EUR',
      `/search?${stay}`,
      `/destinations/7?${stay}`,
      `/properties/abc?${stay}`,
      `/inquiries/12?${stay}`,
    ])
      expect(shellOf(url)).toBe(url);
  });
});

describe('what expires a kept page', () => {
  it('serves the kept answer until a tag it read is expired, then renders again', () => {
    const { cache } = clock();
    const watch = render(cache, [read(['property:12:rates', 'locations'])]);
    expect(cache.keep(key('k'), watch, page('old price'))).toBeNull();
    expect(cache.lookup(key('k'))?.body.toString()).toBe('old price');
    cache.expire(['property:13:rates']); // another rental's
    expect(cache.lookup(key('k'))?.body.toString()).toBe('old price');
    cache.expire(['property:12:rates']);
    expect(cache.lookup(key('k'))).toBeNull();
  });

  it('never keeps a render whose reads were expired while it ran (it may show what the expiry replaced)', () => {
    const { cache } = clock();
    const watch = render(cache, [read(['property:12:rates'])]);
    cache.expire(['property:12:rates']);
    expect(cache.keep(key('k'), watch, page())).toMatch(/expired while it was rendered/);
    expect(cache.lookup(key('k'))).toBeNull();
    // An expiry of something else does not stop it; a render started after the expiry is kept.
    const other = render(cache, [read(['property:12:rates'])]);
    cache.expire(['property:99:images']);
    expect(cache.keep(key('k'), other, page())).toBeNull();
    const cleared = render(cache, [read(['locations'])]);
    cache.clear();
    expect(cache.keep(key('k'), cleared, page())).toMatch(/expired/);
  });

  it('lasts no longer than the freshest answer it read, nor past the day, nor an hour', () => {
    const { state, cache } = clock();
    cache.keep(
      key('quote'),
      render(cache, [read(['locations']), read(['quote'], state.now + 120_000)]),
      page(),
    );
    cache.keep(key('day'), render(cache, [read(['locations'])]), page());
    state.now += 119_000;
    expect(cache.lookup(key('quote'))).not.toBeNull();
    state.now += 1_000;
    expect(cache.lookup(key('quote'))).toBeNull();
    expect(cache.lookup(key('day'))).not.toBeNull();
    state.day = '2027-03-02'; // the calendar starts today
    expect(cache.lookup(key('day'))).toBeNull();
    cache.keep(key('hour'), render(cache, [read(['locations'])]), page());
    state.now += 3_600_000;
    expect(cache.lookup(key('hour'))).toBeNull();
  });

  it('goes with the exchange rates it converted with, and is not kept when they or the day change mid-render', () => {
    const { state, cache } = clock();
    cache.keep(key('k'), render(cache, [read(['locations'])]), page());
    expect(cache.lookup(key('k'))).not.toBeNull();
    state.fx = '2026-11-21 ECB'; // the daily rates came in
    expect(cache.lookup(key('k'))).toBeNull();
    const duringRates = render(cache, [read(['locations'])]);
    state.fx = '2026-11-22 ECB';
    expect(cache.keep(key('k'), duringRates, page())).toMatch(/exchange rates changed/);
    const overMidnight = render(cache, [read(['locations'])]);
    state.day = '2027-03-02';
    expect(cache.keep(key('k'), overMidnight, page())).toMatch(/day changed/);
  });

  it('is not kept when an answer it read was already past its freshness', () => {
    const { state, cache } = clock();
    expect(cache.keep(key('k'), render(cache, [read(['locations'], state.now - 1)]), page())).toMatch(
      /no longer fresh/,
    );
  });

  it('holds a page searched from the replica while the replica’s index is the one it read', () => {
    const { state, cache } = clock();
    const watch = render(cache, [() => notePageRead({ replica: 'v1' })]);
    expect(cache.keep(key('k'), watch, page())).toBeNull();
    expect(cache.lookup(key('k'))).not.toBeNull();
    state.replica = 'v2';
    expect(cache.lookup(key('k'))).toBeNull();
    // The index moved during the render: not kept.
    const moving = render(cache, [() => notePageRead({ replica: 'v2' })]);
    state.replica = 'v3';
    expect(cache.keep(key('k'), moving, page())).toMatch(/replica moved/);
  });
});

describe('renders that are never kept', () => {
  it('refuses a stale or failed read, a replica still loading, an error page and a cookie', () => {
    const { cache } = clock();
    const unfit = render(cache, [read(['locations']), () => notePageRead({ unfit: 'a read was not fresh' })]);
    expect(cache.keep(key('a'), unfit, page())).toBe('a read was not fresh');
    expect(cache.keep(key('b'), render(cache), page('gone', 404))).toBe('answered 404');
    expect(cache.keep(key('c'), render(cache), page('x', 503))).toBe('answered 503');
    expect(cache.keep(key('d'), render(cache), page('x', 200, { 'set-cookie': 'a=b' }))).toBe(
      'sets a cookie',
    );
    for (const name of ['a', 'b', 'c', 'd']) expect(cache.lookup(key(name))).toBeNull();
  });

  it('learns from the catalog cache: a fresh answer’s tags, and a stale answer makes the page unfit', async () => {
    const now = { t: 0 };
    const data = new TaggedCache(
      {
        maxBytes: 1 << 20,
        onRead: (r) => notePageRead('fresh' in r ? { unfit: 'stale' } : r),
      },
      () => now.t,
    );
    const pages = clock().cache;
    const options = { tags: ['property:5:rates'], ttlMs: 1000, serveStaleOn: () => true };
    const first = pages.watch();
    await runInRequest({ requestId: 'r', method: 'GET', path: '/', page: first.reads }, () =>
      data.get('rates', options, async () => ({ nightly: 100 })),
    );
    expect([...first.reads.tags]).toEqual(['property:5:rates']);
    expect(first.reads.freshUntil).toBe(1000);
    expect(first.reads.unfit).toBeUndefined();
    data.expireTag('property:5:rates');
    const second = pages.watch();
    await runInRequest({ requestId: 'r', method: 'GET', path: '/', page: second.reads }, () =>
      data.get('rates', options, async () => {
        throw new Error('upstream down');
      }),
    );
    expect(second.reads.unfit).toBe('stale'); // the old rates were served: the page says so, and is not kept
  });

  it('drops the least recently used pages past its size', () => {
    const cache = new PageCache(4 * 1024);
    for (const name of ['a', 'b', 'c']) cache.keep(key(name), cache.watch(), page('x'.repeat(600)));
    cache.lookup(key('a'));
    cache.keep(key('d'), cache.watch(), page('x'.repeat(600)));
    expect(cache.lookup(key('b'))).toBeNull();
    expect(cache.lookup(key('a'))).not.toBeNull();
    expect(cache.keep(key('huge'), cache.watch(), page('x'.repeat(8 * 1024)))).toBe('larger than the cache');
  });
});

import 'server-only';
import { LRUCache } from 'lru-cache';
import { HTML_LIMITED_BOT_UA_RE } from 'next/dist/shared/lib/router/utils/is-bot';
import { today } from '@/lib/dates';
import { peekProcessSingleton, setProcessSingleton } from '@/lib/process-singleton';
import type { PageReads } from '@/lib/request-context';
import { settings } from '@/lib/settings';
import { STAY_PARAMS } from '@/lib/site/browser/stay-link';
import { visitorFrom } from '@/lib/visitor';
import { pageEncodingFor } from './encoding';
import { pageViewWait } from './http';
import { currentFxRates } from './replica/fx';
import { replicaVersionNow } from './replica/in-memory';

/*
 * Pages a visitor does not change, rendered once per change of what they show (issue 26, docs/decisions.md
 * "Render once per change"). scripts/serve.mjs asks here before Next.js renders a page:
 *
 *   which pages   home, /destinations, a destination page (with its search in the URL, but not a traveller's
 *                 dates), a property page and its embed without a stay (only `currency`, or the embed's
 *                 `host`, in the URL); never a router's RSC request, never anything else;
 *   with a stay    a property page's URL with a stay is served the page without it (shellOf): the booking
 *                 widget takes the stay from the address in the browser and asks its price; a campaign's
 *                 tags (utm_*, gclid…) are left out of every kept page's URL;
 *   kept as       the bytes sent (compressed as the request's Accept-Encoding chose: brotli by the server,
 *                 else gzip or deflate by the framework) with their headers, under the URL, the encoding
 *                 and whether the agent is a link preview's;
 *   expired by    the catalog cache's tags the render read (lib/catalog-client/cache.ts tells it, through
 *                 the request context), dropped by the same `expire(tags)` the change-feed sync and its
 *                 broadcast call on the data (lib/site/broadcast.ts); the replica's index version a search
 *                 was answered from (a page is stale once this process's index moved); the answer read that
 *                 stops being fresh first; the day (a calendar starts today); the exchange rates in use
 *                 ("about" figures); an hour at most.
 *   never kept    a render that read a stale or failed answer, a search while the replica's first load runs
 *                 or after the replica failed, a render that failed (even streamed after a 200), an answer
 *                 other than 200, one setting a cookie, one whose tags were expired (or the day or the
 *                 rates changed) while it was being rendered (it may hold what the change replaced).
 *
 * Every page view is still counted against the visitor's limit (once: a miss tells the proxy it is counted).
 */

export interface PageAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

interface Entry extends PageAnswer {
  tags: readonly string[];
  freshUntil: number;
  day: string;
  /** The exchange rates' date and source the page converted with ("about" figures, currencies offered). */
  fx: string;
  replica?: string;
}

/** A render being watched, and what held when it began: the count of expiries, the day, the exchange rates. */
interface Watch {
  reads: PageReads;
  since: number;
  startedAt: number;
  day: string;
  fx: string;
}

const MAX_LIFE_MS = 3_600_000;
/** A render slower than this is not kept: the expiries it might have missed are forgotten. */
const MAX_RENDER_MS = 60_000;
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Response headers of one answer, not of the page. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

const ONLY = (...names: string[]) => new Set(names);
/** The pages kept, and the query parameters each may carry (null: any, the URL is the search). */
const PAGES: [RegExp, Set<string> | null][] = [
  [/^\/$/, ONLY('currency')],
  [/^\/destinations$/, ONLY('currency')],
  [/^\/destinations\/\d{1,9}$/, null],
  [/^\/properties\/\d{1,9}$/, ONLY('currency')],
  [/^\/embed\/properties\/\d{1,9}$/, ONLY('host')],
];

/** The pages a destination keeps per URL: its search, but not a traveller's own dates. */
const DATED = ['checkin', 'checkout'];

/** A property page and its embed: their stay is the browser's to take from the address (shellOf). */
const WITH_STAY = /^\/(?:embed\/)?properties\/\d{1,9}$/;
/**
 * A stay's parameters. An advisor's `reference` is not one: a link with it is rendered as asked, the
 * reference in the inquiry's form.
 */
const STAY = new Set<string>(STAY_PARAMS);

/** A campaign's or an ad click's tags: read by a visitor's analytics in the browser, never by a page. */
const TRACKING =
  /^(?:utm_[a-z_]{1,20}|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|igshid|mc_cid|mc_eid)$/;

/**
 * The URL a page is rendered for. A page that is kept is rendered without a campaign's tags (`utm_source`,
 * `gclid`…): a partner's campaign link finds the page kept for everyone. A property page (and its embed) is
 * rendered without its stay too: the page of the rental alone is the one kept, whatever stay a visitor comes
 * with, and the booking widget takes the stay from the address as it starts
 * (components/property/stay-context.tsx), then asks its price. Any other URL as asked.
 */
export function shellOf(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pathname = url.slice(0, at);
  if (!PAGES.some(([pattern]) => pattern.test(pathname))) return url;
  const stay = WITH_STAY.test(pathname);
  const params = [...new URLSearchParams(url.slice(at + 1))];
  const kept = params.filter(([name]) => !TRACKING.test(name) && !(stay && STAY.has(name)));
  if (kept.length === params.length) return url;
  const query = new URLSearchParams(kept).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The key a page is kept under, or null when this request's page is not one to keep. Link previews and some
 * crawlers (Next.js's "HTML-limited bots") get the page's metadata in its head rather than streamed: their
 * pages are kept apart.
 */
export function pageKey(
  method: string,
  url: string,
  acceptEncoding: string | undefined,
  userAgent?: string,
): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (url.length > 2048) return null;
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const rule = PAGES.find(([pattern]) => pattern.test(pathname));
  if (!rule) return null;
  const allowed = rule[1];
  if (at >= 0) {
    for (const name of new URLSearchParams(url.slice(at + 1)).keys())
      if (allowed ? !allowed.has(name) : DATED.includes(name)) return null;
  }
  const bot = userAgent && HTML_LIMITED_BOT_UA_RE.test(userAgent) ? 'bot' : 'browser';
  return `${pageEncodingFor(acceptEncoding)} ${bot} ${url}`;
}

export class PageCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly keysByTag = new Map<string, Set<string>>();
  /** Expiries of the last MAX_RENDER_MS, for renders under way to check theirs against. */
  private recent: { seq: number; at: number; tags: ReadonlySet<string> | 'all' }[] = [];
  private seq = 0;
  readonly stats = { hits: 0, misses: 0, kept: 0, refused: 0, expired: 0 };

  constructor(
    maxBytes: number,
    private readonly replicaVersion: () => string | undefined = () => undefined,
    private readonly now: () => number = Date.now,
    private readonly day: () => string = today,
    private readonly fx: () => string = () => '',
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.body.length + key.length + 512,
      dispose: (entry, key) => this.untag(key, entry.tags),
    });
  }

  /** The page kept under `key`, when it is still what a render would give. */
  lookup(key: string): PageAnswer | null {
    const entry = this.entries.get(key);
    if (entry && this.holds(entry)) {
      this.stats.hits++;
      return entry;
    }
    if (entry) this.entries.delete(key);
    this.stats.misses++;
    return null;
  }

  /** Starts watching a render: what it reads is gathered in `reads` (the request context's `page`). */
  watch(): Watch {
    return {
      reads: { tags: new Set(), freshUntil: this.now() + MAX_LIFE_MS },
      since: this.seq,
      startedAt: this.now(),
      day: this.day(),
      fx: this.fx(),
    };
  }

  /** Keeps a render's answer when it may be kept; says why not otherwise (for tests and logs). */
  keep(key: string, watch: Watch, answer: PageAnswer): string | null {
    const why = this.unfit(watch, answer) ?? this.unlike(key, answer);
    if (why) {
      this.stats.refused++;
      return why;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (!PER_ANSWER.has(name.toLowerCase())) headers[name] = value;
    const entry: Entry = {
      status: answer.status,
      headers,
      body: answer.body,
      tags: [...watch.reads.tags],
      freshUntil: watch.reads.freshUntil,
      day: watch.day,
      fx: watch.fx,
      replica: watch.reads.replica,
    };
    this.entries.set(key, entry);
    if (!this.entries.has(key)) return 'larger than the cache';
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.keysByTag.set(tag, keys);
    }
    this.stats.kept++;
    return null;
  }

  /** Drops every page that read one of these tags; renders under way that read one are not kept. */
  expire(tags: readonly string[]): number {
    if (!tags.length) return 0;
    this.note(new Set(tags));
    let count = 0;
    for (const tag of tags)
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) if (this.entries.delete(key)) count++;
    this.stats.expired += count;
    return count;
  }

  /** Drops every page (the sync's first run: nothing is known of what was read before). */
  clear(): void {
    this.note('all');
    this.entries.clear();
    this.keysByTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private holds(entry: Entry): boolean {
    if (this.now() >= entry.freshUntil || entry.day !== this.day() || entry.fx !== this.fx()) return false;
    return entry.replica === undefined || entry.replica === this.replicaVersion();
  }

  /** An answer not sent in the encoding its key stands for (an odd Accept-Encoding): not kept under it. */
  private unlike(key: string, answer: PageAnswer): string | null {
    const header = Object.entries(answer.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    const sent = String(header?.[1] ?? 'identity').toLowerCase();
    return key.startsWith(`${sent} `) ? null : `sent as ${sent}, not as its key says`;
  }

  private unfit(watch: Watch, answer: PageAnswer): string | null {
    const { reads } = watch;
    if (reads.unfit) return reads.unfit;
    if (answer.status !== 200) return `answered ${answer.status}`;
    if (reads.freshUntil <= this.now()) return 'an answer it read is no longer fresh';
    if (watch.day !== this.day()) return 'the day changed while it was rendered';
    if (watch.fx !== this.fx()) return 'the exchange rates changed while it was rendered';
    if (Object.keys(answer.headers).some((name) => name.toLowerCase() === 'set-cookie'))
      return 'sets a cookie';
    if (answer.body.length > MAX_PAGE_BYTES) return 'too large';
    if (this.now() - watch.startedAt > MAX_RENDER_MS) return 'rendered too slowly';
    if (reads.replica !== undefined && reads.replica !== this.replicaVersion())
      return 'the replica moved while it was rendered';
    for (const { seq, tags } of this.recent) {
      if (seq <= watch.since) continue;
      if (tags === 'all' || [...reads.tags].some((tag) => tags.has(tag)))
        return 'what it read was expired while it was rendered';
    }
    return null;
  }

  private note(tags: ReadonlySet<string> | 'all'): void {
    const at = this.now();
    this.recent = this.recent.filter((e) => at - e.at <= MAX_RENDER_MS);
    this.recent.push({ seq: ++this.seq, at, tags });
  }

  private untag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/** What scripts/serve.mjs finds under `rental.site.page-cache`. */
export interface PageCacheForServer {
  shell: typeof shellOf;
  key: typeof pageKey;
  lookup: (key: string) => PageAnswer | null;
  watch: () => Watch;
  keep: (key: string, watch: Watch, answer: PageAnswer) => string | null;
  /** Counts a page view against the visitor's limit: seconds to wait (0: counted, go on). */
  count: (peer: string | undefined, forwardedFor: string | undefined, pathname: string) => Promise<number>;
}

/** This process's page cache (undefined with PAGE_CACHE_MB=0): the broadcast expires it with the data. */
export const pageCache = (): PageCache | undefined => peekProcessSingleton<PageCache>('site.page-cache-held');

/** Made at start-up (instrumentation.ts), for the server to find; nothing with PAGE_CACHE_MB=0. */
export function installPageCache(): void {
  const s = settings();
  if (s.PAGE_CACHE_MB === 0) return;
  const fx = () => {
    const rates = currentFxRates();
    return `${rates.date} ${rates.source}`;
  };
  const cache = new PageCache(s.PAGE_CACHE_MB * 1024 * 1024, replicaVersionNow, Date.now, today, fx);
  setProcessSingleton('site.page-cache-held', cache);
  const forServer: PageCacheForServer = {
    shell: shellOf,
    key: pageKey,
    lookup: (key) => cache.lookup(key),
    watch: () => cache.watch(),
    keep: (key, watch, answer) => cache.keep(key, watch, answer),
    count: (peer, forwardedFor, pathname) =>
      pageViewWait(visitorFrom(peer, forwardedFor, settings()), pathname),
  };
  setProcessSingleton('site.page-cache', forServer);
}

// Walks every kind of page and every `/api` route of a running site, the way a partner's crawler and a few
// travellers would, and measures what the server went through meanwhile: each answer's status and time,
// the longest event-loop stall (Node's monitorEventLoopDelay, read from the server's /metrics) and how
// long /api/health took while the rest ran. Shared by the foreign-upstream lane and `npm run probe:foreign`.

export interface Visit {
  path: string;
  status: number;
  ms: number;
  bytes: number;
}

export interface Watch {
  /** Longest event-loop delay the server reported (ms), from Node's monitorEventLoopDelay. */
  maxLoopDelayMs: () => number;
  /** Slowest /api/health answer while watching (ms); a blocked event loop shows here first. */
  maxHealthMs: () => number;
  stop: () => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads the server's event-loop delay (prom-client's `nodejs_eventloop_lag_max_seconds`, which it resets
 * at every scrape) and times /api/health, every `everyMs`, until stopped.
 */
export function watchServer(origin: string, metricsToken?: string, everyMs = 250): Watch {
  let loop = 0;
  let health = 0;
  let running = true;
  const headers: Record<string, string> = metricsToken ? { Authorization: `Bearer ${metricsToken}` } : {};
  // The first reading covers the server's whole life so far (its start-up included): it only resets.
  let first = true;
  void (async () => {
    while (running) {
      const started = performance.now();
      try {
        await (await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(30_000) })).text();
        health = Math.max(health, performance.now() - started);
      } catch {
        health = Math.max(health, performance.now() - started);
      }
      try {
        const text = await (
          await fetch(`${origin}/metrics`, { headers, signal: AbortSignal.timeout(30_000) })
        ).text();
        const m = text.match(/^nodejs_eventloop_lag_max_seconds (\S+)$/m);
        if (m && !first) loop = Math.max(loop, Number(m[1]) * 1000);
        first = false;
      } catch {}
      await sleep(everyMs);
    }
  })();
  return {
    maxLoopDelayMs: () => loop,
    maxHealthMs: () => health,
    stop: () => {
      running = false;
    },
  };
}

export async function visit(
  origin: string,
  path: string,
  init: RequestInit = {},
): Promise<Visit & { text: string }> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${path}`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
      ...init,
    });
    const text = await res.text();
    return { path, status: res.status, ms: performance.now() - started, bytes: text.length, text };
  } catch (error) {
    // No answer at all (a dead or stuck server) counts as the worst answer there is.
    return { path, status: 599, ms: performance.now() - started, bytes: 0, text: String(error) };
  }
}

/** Runs `work` over `items`, `parallel` at a time. */
async function each<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface CrawlOptions {
  origin: string;
  /** At most this many properties get their pages and routes walked. */
  maxProperties?: number;
  /** Property ids walked besides those the site's search lists (a mock answers any id). */
  ids?: number[];
  parallel?: number;
}

export interface CrawlResult {
  visits: Visit[];
  propertyIds: number[];
  locationIds: number[];
}

/**
 * Every page kind and every `/api` route: home, search (plain, dated, price-sorted, every page of the
 * listing), destinations and a few destination pages, each property's page (plain and with a stay), its
 * embed, its four areas and a quote through `/api`, the general request, an inquiry of each kind with its
 * confirmation page (site and embed), the partners' guide, the API reference, sitemap and robots.
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const { origin } = options;
  const visits: Visit[] = [];
  const go = async (path: string, init?: RequestInit) => {
    const v = await visit(origin, path, init);
    visits.push({ path: v.path, status: v.status, ms: v.ms, bytes: v.bytes });
    return v;
  };
  const json = (text: string): any => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  const today = new Date().toISOString().slice(0, 10);
  const stay = { checkin: addDays(today, 60), checkout: addDays(today, 67) };

  // Every page of the site's search, following its own `next` to the end.
  const ids = new Set<number>(options.ids ?? []);
  for (
    let path: string | null = '/api/search?per_page=200&sort=id', pages = 0;
    path && pages < 100;
    pages++
  ) {
    const answer = json((await go(path)).text);
    for (const p of answer?.properties ?? []) if (Number.isInteger(p?.id)) ids.add(p.id);
    path =
      typeof answer?.pagination?.next === 'string' && answer.pagination.next ? answer.pagination.next : null;
  }
  // The sitemap lists every live property from the change feed, those search leaves out included.
  const sitemap = (await go('/sitemap.xml')).text;
  for (const m of sitemap.matchAll(/\/properties\/(\d+)</g)) ids.add(Number(m[1]));
  const locations: { id: number }[] = json((await go('/api/locations')).text)?.locations ?? [];
  const locationIds = locations.map((l) => l.id).filter(Number.isInteger);
  const propertyIds = [...ids].slice(0, options.maxProperties ?? 400);
  const dated = `checkin=${stay.checkin}&checkout=${stay.checkout}`;

  const fixed = [
    '/',
    '/search',
    `/search?${dated}&adults=2`,
    `/search?${dated}&sort=price`,
    `/search?${dated}&sort=-price&currency=USD`,
    '/search?page=2',
    '/destinations',
    '/inquire',
    '/partners',
    '/docs/api',
    '/embed/search',
    `/embed/search?${dated}`,
    '/robots.txt',
    '/api/map/places',
    `/api/search?${dated}&sort=price&per_page=50`,
    `/api/search?${dated}&sort=price&page=9999`,
    ...locationIds.slice(0, 12).flatMap((id) => [`/destinations/${id}`, `/api/search?location=${id}`]),
  ];
  await each(fixed, options.parallel ?? 4, async (p) => void (await go(p)));

  await each(propertyIds, options.parallel ?? 4, async (id) => {
    for (const p of [
      `/properties/${id}`,
      `/properties/${id}?${dated}&adults=2`,
      `/embed/properties/${id}`,
      `/api/properties/${id}`,
      `/api/properties/${id}/images`,
      `/api/properties/${id}/rates`,
      `/api/properties/${id}/availability`,
      `/api/properties/${id}/quote?${dated}&adults=2`,
    ])
      await go(p);
  });

  // One inquiry of each kind, and their confirmation pages.
  const post = (body: unknown) =>
    go('/api/inquiries', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    });
  const contact = { first_name: 'Foreign', last_name: 'Vendor', email: 'foreign@example.com' };
  const leads: string[] = [];
  for (const id of propertyIds.slice(0, 6)) {
    const answer = json(
      (await post({ property_id: id, stay: { ...stay, guests: { adults: 2, children: 0 } }, contact })).text,
    );
    if (answer?.lead?.id) leads.push(answer.lead.id);
  }
  if (locationIds[0] !== undefined) {
    const answer = json(
      (
        await post({
          destination: { id: locationIds[0] },
          stay: { ...stay, guests: { adults: 2, children: 0 } },
          budget: { min: 100, max: 400 },
          contact,
        })
      ).text,
    );
    if (answer?.lead?.id) leads.push(answer.lead.id);
  }
  for (const lead of leads) {
    await go(`/inquiries/${lead}`);
    await go(`/embed/inquiries/${lead}`);
    await go(`/api/inquiries/${lead}`);
  }
  return { visits, propertyIds, locationIds };
}

/** Answers by status class, the 5xx listed, and the slowest. */
export function summarise(visits: Visit[]) {
  const byStatus = new Map<number, number>();
  for (const v of visits) byStatus.set(v.status, (byStatus.get(v.status) ?? 0) + 1);
  const failures = visits.filter((v) => v.status >= 500);
  const slowest = [...visits].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const pages = visits.filter((v) => !v.path.startsWith('/api/')).length;
  return {
    requests: visits.length,
    pages,
    api: visits.length - pages,
    statuses: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
    status500: visits.filter((v) => v.status === 500).length,
    status5xx: failures.length,
    /** Pages that failed: a page degrades by section; only a missing property content may fail it. */
    pages5xx: failures.filter((v) => !v.path.startsWith('/api/')).length,
    failures: failures.slice(0, 20).map((v) => `${v.status} ${v.path}`),
    slowest: slowest.map((v) => `${Math.round(v.ms)} ms ${v.status} ${v.path}`),
  };
}

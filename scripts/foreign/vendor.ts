// A vendor we did not write: a proxy in front of the built-in service that changes its answers only in
// ways the API document (shared/spec/catalog-api-v2.md) permits, so the site can be run against an upstream
// that decides everything our own decisions.md fixes the other way. Used by the foreign-upstream lane
// (tests/foreign) and by `npm run probe:foreign`. Loopback only.
//
// What it changes, each a sentence of the document:
// - "Clients must ignore unknown fields": every object gains fields we never send, and keys are reordered.
// - "tolerate unknown enum values": some property and fee types, booked statuses, policy values, quote
//   accuracies are values our service never uses.
// - "`T|null` means the key is present and may be null": nullable fields become null on some properties.
// - Pagination `next` is "a relative path": on the last page it is left out (not null) or empty.
// - "Ranges straddling the window are returned whole": some calendars gain a hold to 9999-12-31 and a
//   block from 1900-01-01, whole.
// - PropertyChange "Has `status`... Other fields of the item: not shown": removed items carry only
//   `id` and `status`, and the feed names a property we never listed, removed.
// - Integers and numbers are unbounded: one property has millions of bedrooms, huge amounts, a currency
//   code our tables do not know.
// - "Errors: ... 500" on each area: with `faults`, single areas of single properties fail (500, 503 with
//   a gateway's HTML page, a 404 as if removed between two reads) or answer slower than the site waits.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the vendor does differently from our service; each can be switched on alone for a probe. */
export const CHANGES = [
  'unknown-fields',
  'nulls',
  'open-ended',
  'minimal-changes',
  'no-next',
  'extreme',
  'faults',
] as const;
export type Change = (typeof CHANGES)[number];

export interface VendorOptions {
  /** The changes made (default: every one). `faults`: single areas of single properties fail or are slow. */
  changes?: readonly Change[];
  /** How long a "slow" area takes to answer, in ms (above the site's UPSTREAM_TIMEOUT_MS). */
  slowMs?: number;
  /**
   * A currency code that is not ISO 4217 and that Intl.NumberFormat refuses ('EURO'). Not something the
   * document allows (it says ISO code); off unless a probe asks, to show what a sloppy vendor would do.
   */
  badCurrency?: string;
}

/** Which properties get which treatment: by id, spread so each treatment hits a few of any catalog. */
export const TREATMENTS = {
  /** A hold to 9999-12-31 and a block from 1900-01-01, both whole. */
  openEnded: (id: number) => id % 7 === 3,
  /** Nullable fields null, optional extension fields absent, unknown enum values, no photos. */
  sparse: (id: number) => id % 5 === 1,
  /** Millions of bedrooms, sleeps and bathrooms; a position off the Earth; amounts in the billions; an unknown currency. */
  extreme: (id: number) => id % 29 === 11,
} as const;

export const FAULTS = {
  imagesFail: (id: number) => id % 11 === 4,
  ratesFail: (id: number) => id % 13 === 6,
  availabilitySlow: (id: number) => id % 17 === 8,
  /** Listed in the catalog, then 404 on its own areas: removed between two reads. */
  goneBetweenReads: (id: number) => id % 31 === 9,
} as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Unknown fields on every object, and its keys in reverse order. */
function decorate(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => decorate(v, depth + 1));
  if (!isObject(value)) return value;
  const out: Json = { x_vendor_rev: depth, _links: { self: { href: '/somewhere' } } };
  for (const key of Object.keys(value).reverse()) out[key] = decorate(value[key], depth + 1);
  return out;
}

const FAR_FUTURE = '9999-12-31';

/** The changes switched on, as a lookup. */
type On = (change: Change) => boolean;

function summary(s: Json, on: On): Json {
  const id = Number(s.id);
  if (on('nulls') && TREATMENTS.sparse(id)) {
    Object.assign(s, { type: 'yurt', rating: null, latitude: null, longitude: null, image: null });
  }
  if (on('extreme') && TREATMENTS.extreme(id))
    Object.assign(s, {
      bedrooms: 5_000_000,
      bathrooms: 1_000_000,
      sleeps: 2_000_000_000,
      // "number or null": not a place on Earth.
      latitude: 1000,
      longitude: -400.5,
    });
  return s;
}

function detail(d: Json, on: On): Json {
  summary(d, on);
  const id = Number(d.id);
  if (on('nulls') && TREATMENTS.sparse(id)) {
    Object.assign(d, {
      description: null,
      location_description: null,
      amenity_notes: null,
      inclusions: null,
      house_rules: null,
    });
    const policies = d.policies as Json;
    for (const key of Object.keys(policies)) policies[key] = null;
    policies.children = 'ask_the_owner';
    (d.amenities as Json[]).push({ category: 'Sustainability', items: ['Solar panels'] });
  }
  return d;
}

function rates(r: Json, on: On, id: number, badCurrency?: string): Json {
  if (on('nulls') && TREATMENTS.sparse(id)) {
    r.to = null;
    r.notes = null;
    delete r.promotions;
    delete r.price_on_request;
    for (const p of r.rates as Json[]) Object.assign(p, { weekly: null, monthly: null });
    (r.fees as Json[]).push({
      name: 'Pet fee',
      description: 'Per pet, per stay',
      amount: 40,
      currency: (r.currency as Json).code,
      type: 'per_pet',
      type_text: 'per pet',
      refundable: false,
      taxable: false,
    });
  }
  if (on('extreme') && TREATMENTS.extreme(id)) {
    r.currency = { code: badCurrency ?? 'XTS', symbol: '¤' };
    for (const p of r.rates as Json[]) Object.assign(p, { nightly: 9_000_000_000, min_stay: 1 });
  } else if (badCurrency) {
    r.currency = { code: badCurrency, symbol: '€' };
  }
  return r;
}

function availability(a: Json, id: number): Json {
  if (TREATMENTS.openEnded(id)) {
    const booked = a.booked as Json[];
    const from = String(a.from);
    const later = new Date(Date.parse(`${from}T00:00:00Z`) + 150 * 86_400_000).toISOString().slice(0, 10);
    const soon = new Date(Date.parse(`${from}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    // Whole, as the document returns a range that straddles the window; one of a status we never send.
    booked.unshift({
      checkin: '1900-01-01',
      checkout: soon,
      checkin_full_day: false,
      checkout_full_day: true,
      status: 'owner_block',
    });
    booked.push({
      checkin: later,
      checkout: FAR_FUTURE,
      checkin_full_day: true,
      checkout_full_day: false,
      status: 'hold',
    });
  }
  return a;
}

function quote(q: Json, id: number): Json {
  if (TREATMENTS.sparse(id) && q.accuracy === 'exact') q.accuracy = 'provisional';
  return q;
}

/** Removed items with nothing but `id` and `status`, one of them never listed. */
function changes(page: Json, query: URLSearchParams): Json {
  const items = page.changes as Json[];
  page.changes = items.map((c) => (c.status === 'removed' ? { id: c.id, status: c.status } : c));
  // A property we never listed, removed: the feed may name it, with nothing but its id and status.
  if (query.has('since') && (page.pagination as Json).next == null)
    (page.changes as Json[]).push({ id: 2_000_000_000, status: 'removed' });
  return page;
}

/** The last page's `next`: left out on one listing kind, empty on the other. */
function lastPage(body: Json, empty: boolean): Json {
  const pagination = body.pagination as Json | undefined;
  if (pagination && pagination.next == null) {
    if (empty) pagination.next = '';
    else delete pagination.next;
  }
  return body;
}

/** The vendor's answer to one request, from the service's answer (already parsed). */
export function vendorAnswer(path: string, body: unknown, options: VendorOptions = {}): unknown {
  if (!isObject(body) || 'error' in body) return body;
  const switched = new Set(options.changes ?? CHANGES);
  const on: On = (change) => switched.has(change);
  const url = new URL(path, 'http://vendor');
  const p = url.pathname.replace(/^\/v2/, '');
  const area = p.match(/^\/properties\/(\d+)(?:\/(\w+))?$/);
  let out: Json = body;
  if (p === '/properties') {
    for (const s of out.properties as Json[]) summary(s, on);
    if (on('no-next')) out = lastPage(out, false);
  } else if (p === '/properties/changes') {
    if (on('minimal-changes')) out = changes(out, url.searchParams);
    if (on('no-next')) out = lastPage(out, true);
  } else if (area) {
    const id = Number(area[1]);
    const which = area[2];
    if (!which) out = detail(out, on);
    else if (which === 'rates') out = rates(out, on, id, options.badCurrency);
    else if (which === 'availability' && on('open-ended')) out = availability(out, id);
    else if (which === 'quote' && on('nulls')) out = quote(out, id);
    else if (which === 'images' && on('nulls') && TREATMENTS.sparse(id)) out.images = [];
  }
  return on('unknown-fields') ? decorate(out) : out;
}

/** A fault for this request, when `faults` is on: how the vendor fails one area of one property. */
function faultOf(path: string): { status: number; body: string; type: string } | 'slow' | null {
  const area = new URL(path, 'http://vendor').pathname.match(/^\/v2\/properties\/(\d+)\/(\w+)$/);
  if (!area) return null;
  const id = Number(area[1]);
  const which = area[2];
  const error = (status: number, code: string) => ({
    status,
    type: 'application/json',
    body: JSON.stringify({ error: { code, message: 'Vendor trouble.', request_id: 'req_vendor' } }),
  });
  if (FAULTS.goneBetweenReads(id) && which !== 'quote') return error(404, 'not_found');
  if (which === 'images' && FAULTS.imagesFail(id)) return error(500, 'internal_error');
  if (which === 'rates' && FAULTS.ratesFail(id))
    return {
      status: 503,
      type: 'text/html',
      body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
    };
  if (which === 'availability' && FAULTS.availabilitySlow(id)) return 'slow';
  return null;
}

export interface Vendor {
  url: string;
  server: Server;
  /** Requests seen, by path (query included). */
  seen: string[];
  setTarget(origin: string): void;
  close(): Promise<void>;
}

/**
 * Starts the vendor on 127.0.0.1: requests go to `target` (an origin serving `/v2`, set now or later;
 * until then the vendor answers 503), and answers come back changed as above.
 */
export async function startVendor(options: VendorOptions = {}, target?: string): Promise<Vendor> {
  let origin = target;
  const seen: string[] = [];
  const slowMs = options.slowMs ?? 2500;
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    seen.push(path);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!origin) {
      res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' });
      return void res.end('warming up');
    }
    const faults = (options.changes ?? CHANGES).includes('faults');
    const fault = faults && req.method === 'GET' ? faultOf(path) : null;
    if (fault === 'slow') await new Promise((r) => setTimeout(r, slowMs));
    else if (fault) {
      res.writeHead(fault.status, {
        'Content-Type': fault.type,
        'X-SVC-Mode': 'test',
        'X-Request-Id': 'req_vendor',
      });
      return void res.end(fault.body);
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
    ) as Record<string, string>;
    let answer: Response;
    try {
      answer = await fetch(`${origin}${path}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
    } catch {
      return void req.socket.destroy();
    }
    const text = await answer.text();
    let out = text;
    if ((answer.headers.get('content-type') ?? '').includes('json')) {
      try {
        out = JSON.stringify(vendorAnswer(path, JSON.parse(text), options));
      } catch {}
    }
    const h = Object.fromEntries(answer.headers);
    delete h['content-length'];
    delete h['content-encoding'];
    delete h['transfer-encoding'];
    res.writeHead(answer.status, h);
    res.end(out);
  };
  const server = createServer((req, res) => {
    handler(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${url}/v2`,
    server,
    seen,
    setTarget: (o) => {
      origin = o;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

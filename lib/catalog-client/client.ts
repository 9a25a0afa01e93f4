import 'server-only';
import type { z } from 'zod';
import {
  type CatalogQuery,
  type ChangesQuery,
  errorBodySchema,
  type InquiryRequestInput,
  type QuoteQuery,
  tolerant,
  type WindowQuery,
} from '@/lib/contract';
import { RequestBudget } from './budget';
import { UpstreamError } from './errors';

/*
 * The partner side's typed client of the Catalog API v2: one method per endpoint, the key in a header,
 * a timeout per call, the caller's request id passed on, responses parsed tolerantly, failures as
 * UpstreamError, the mode of every answer, and a request budget that keeps the site under the limits.
 * It talks HTTP only: the built-in service and the real vendor look the same to it.
 */

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  shortName?: string;
  timeoutMs?: number;
  /**
   * For a POST that creates data: long enough that a slow upstream answers rather than leaves the site
   * guessing whether the inquiry exists (a guess that became a duplicate before the Idempotency-Key).
   */
  postTimeoutMs?: number;
  budget?: RequestBudget;
  /** A GET answered 429 is retried once when its Retry-After is at most this. */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  /** Told of every call's outcome (HTTP status, or an error code: timeout, unreachable, budget_exhausted). */
  observe?: (method: string, path: string, outcome: number | string, seconds: number) => void;
  /**
   * Who pays for a call (lib/catalog-client/fair-share.ts): the visitor whose request caused it, or
   * nobody (null: the site's own work), and whether it is live work (a quote for the page they are on, an
   * inquiry) that may use the budget's reserve. Without it every call is the site's own read.
   */
  chargeTo?: (method: 'GET' | 'POST', path: string) => Charge;
  /** The request id a call carries when its caller gave none (a page's, from the request context). */
  requestIdNow?: () => string | undefined;
}

export interface Charge {
  visitor: string | null;
  live: boolean;
}

export interface CallOptions {
  /** The site's request id, so one id follows a request through both roles' logs. */
  requestId?: string;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` on a POST, so a repeated send of one inquiry creates it once. */
  idempotencyKey?: string;
  /** Background work (the replica's load): uses only its share of the budget, and is never retried here. */
  background?: boolean;
  /** The site's own call made while serving a visitor (a readiness check): charged to nobody. */
  system?: boolean;
}

export interface Answer<T> {
  data: T;
  /** `X-SVC-Mode` of the answer: test or live (or whatever a future upstream says). */
  mode: string;
  requestId: string | null;
  /** Served from the site's cache while the upstream could not answer afresh (may be out of date). */
  stale?: boolean;
}

type Query = Record<string, string | number | undefined | null>;

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCatalogClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  // The key's mode as the latest answer read said it, for the site's answers that need no call.
  let latestMode: string | null = null;
  const short = options.shortName ?? 'SVC';
  const timeoutMs = options.timeoutMs ?? 5000;
  const postTimeoutMs = options.postTimeoutMs ?? Math.max(timeoutMs, 15_000);
  const budget = options.budget ?? new RequestBudget(550, 9500);
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 2000;
  const doFetch = options.fetch ?? fetch;
  const observe = options.observe ?? (() => {});
  const chargeTo = options.chargeTo ?? (() => ({ visitor: null, live: false }));

  /** Counts the call against the budget (and its visitor's share), or throws why it may not be sent. */
  function spend(method: 'GET' | 'POST', path: string, opts: CallOptions): void {
    const sending = method === 'POST' ? 'inquiry' : 'read';
    const who = opts.background || opts.system ? { visitor: null, live: false } : chargeTo(method, path);
    const kind = opts.background ? 'background' : sending === 'read' && who.live ? 'live' : sending;
    const refusal = budget.charge(kind, who.visitor);
    if (!refusal) return;
    const theirs = refusal.scope === 'visitor';
    observe(method, path, theirs ? 'visitor_budget_exhausted' : 'budget_exhausted', 0);
    throw new UpstreamError(
      theirs ? 429 : 503,
      theirs ? 'visitor_budget_exhausted' : 'budget_exhausted',
      theirs
        ? 'You have asked a lot of our catalog in a short time; please try again shortly.'
        : 'The catalog is busy; try again shortly.',
      undefined,
      null,
      Math.ceil(refusal.waitMs / 1000),
    );
  }

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    opts: CallOptions & { body?: unknown } = {},
    retried = false,
  ): Promise<Answer<z.infer<S>>> {
    const sending = method === 'POST' ? 'inquiry' : 'read';
    spend(method, path, opts);
    const headers: Record<string, string> = {
      [`X-${short}-API-TOKEN`]: options.apiKey,
      Accept: 'application/json',
    };
    const ourId = opts.requestId ?? options.requestIdNow?.();
    if (ourId) headers['X-Request-Id'] = ourId;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    const limitMs = method === 'POST' ? postTimeoutMs : timeoutMs;
    const signals = [AbortSignal.timeout(limitMs), ...(opts.signal ? [opts.signal] : [])];
    let response: Response;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      observe(
        method,
        path,
        opts.signal?.aborted ? 'aborted' : timedOut ? 'timeout' : 'unreachable',
        seconds(),
      );
      if (opts.signal?.aborted) throw error;
      throw new UpstreamError(
        timedOut ? 504 : 502,
        timedOut ? 'timeout' : 'unreachable',
        timedOut ? `The catalog did not answer within ${limitMs} ms.` : 'The catalog could not be reached.',
        undefined,
        null,
      );
    }
    observe(method, path, response.status, seconds());
    const requestId = response.headers.get('x-request-id');
    const mode = response.headers.get(`x-${short.toLowerCase()}-mode`) ?? 'live';
    // A success the client cannot read is `unreadable_answer`: the call may well have taken effect
    // (an inquiry created), so it must not be sent again as if it had failed. The catalog did answer: the
    // message says what was unexpected, and where, not that it is not answering.
    const endpoint = `${method} ${path.split('?')[0]}`;
    const unreadable = (what: string, fields?: Record<string, string>) =>
      new UpstreamError(
        502,
        'unreadable_answer',
        `Unexpected answer from the catalog to ${endpoint}: ${what}.`,
        fields,
        requestId,
      );
    let json: unknown;
    let readable = true;
    try {
      json = await response.json();
    } catch {
      readable = false;
    }
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(json);
      const retryAfter = Number(response.headers.get('retry-after')) || null;
      const error = new UpstreamError(
        response.status,
        // An edge in front of the API may answer 429 with a page of its own: still a 429.
        parsed.success ? parsed.data.error.code : response.status === 429 ? 'rate_limited' : 'bad_response',
        parsed.success ? parsed.data.error.message : `The catalog answered ${response.status}.`,
        parsed.success ? parsed.data.error.validation : undefined,
        parsed.success ? (parsed.data.error.request_id ?? requestId) : requestId,
        retryAfter,
      );
      if (response.status === 429) {
        budget.pauseFor((retryAfter ?? 1) * 1000, sending);
        // Only reads are retried, once, and only when the wait is short; writes go back to the caller.
        if (method === 'GET' && !opts.background && !retried && (retryAfter ?? 1) * 1000 <= maxRetryWaitMs) {
          // A little past the pause: timers may fire a millisecond early, and the budget would refuse.
          await sleep((retryAfter ?? 1) * 1000 + 25);
          return call(method, path, schema, opts, true);
        }
      }
      throw error;
    }
    if (!readable) throw unreadable('not JSON');
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(the whole answer)';
      throw unreadable(`${field}: ${issue?.message ?? 'not as the API document describes'}`, {
        [field]: issue?.message ?? '',
      });
    }
    latestMode = mode;
    return { data: parsed.data, mode, requestId };
  }

  return {
    /** The mode of the latest answer this client read (any endpoint); null before the first. */
    latestMode: () => latestMode,
    // GET /properties
    listProperties: (query: Partial<CatalogQuery> = {}, o?: CallOptions) =>
      call('GET', `/properties${queryString(query)}`, tolerant.catalogPage, o),
    // GET /properties/changes
    listChanges: (query: Partial<ChangesQuery> = {}, o?: CallOptions) =>
      call('GET', `/properties/changes${queryString(query)}`, tolerant.changesPage, o),
    // GET /properties/{id}
    getProperty: (id: number, o?: CallOptions) =>
      call('GET', `/properties/${id}`, tolerant.propertyDetail, o),
    // GET /properties/{id}/rates
    getRates: (id: number, window: WindowQuery = {}, o?: CallOptions) =>
      call('GET', `/properties/${id}/rates${queryString(window)}`, tolerant.rateSheet, o),
    // GET /properties/{id}/availability
    getAvailability: (id: number, window: WindowQuery = {}, o?: CallOptions) =>
      call('GET', `/properties/${id}/availability${queryString(window)}`, tolerant.availability, o),
    // GET /properties/{id}/images
    getImages: (id: number, o?: CallOptions) =>
      call('GET', `/properties/${id}/images`, tolerant.propertyImages, o),
    // GET /properties/{id}/quote
    getQuote: (
      id: number,
      stay: Partial<QuoteQuery> & Pick<QuoteQuery, 'checkin' | 'checkout'>,
      o?: CallOptions,
    ) => call('GET', `/properties/${id}/quote${queryString(stay)}`, tolerant.quote, o),
    // GET /locations
    listLocations: (o?: CallOptions) => call('GET', '/locations', tolerant.locationCatalog, o),
    // POST /inquiries
    submitInquiry: (body: InquiryRequestInput, o?: CallOptions) =>
      call('POST', '/inquiries', tolerant.inquiry, { ...o, body }),
  };
}

export type CatalogClient = ReturnType<typeof createCatalogClient>;

import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from './process-singleton';
import { settings } from './settings';
import { visitorFrom } from './visitor';

/*
 * What the code deep inside a request may need to know about it, without every function passing it on:
 * who the visitor is (the upstream calls a page or a route causes are charged to them), the request id
 * (one id in every log line and upstream call of the request), the page asked for, and, when a page's
 * render fails, the answer the server should give instead of Next.js's bare 500.
 *
 * scripts/serve.mjs runs every request inside this storage (one per process, the key
 * `rental.request-context` of lib/process-singleton.ts), so pages, the proxy and routes all see it; a
 * route handler called without the server (the contract tests) makes its own (lib/site/http.ts `route`).
 * Background work (the sync, the lead worker, the replica's load) runs outside any request: nobody pays.
 */

export interface RequestContext {
  /** The client's X-Request-Id when it is usable, else the server's own. */
  requestId: string;
  method: string;
  /** The path asked for, without the query. */
  path: string;
  /**
   * The URL as asked, when the server renders another (a property page's stay left for the browser:
   * lib/site/page-cache.ts `shellOf`): what a refusal's "Try again" offers.
   */
  asked?: string;
  /** The socket's address and X-Forwarded-For as received: the visitor, once worked out. */
  peer?: string;
  forwardedFor?: string;
  visitor?: string;
  /**
   * Set when a page's render failed (instrumentation.ts `onRequestError`): what scripts/serve.mjs answers in
   * place of the framework's error shell.
   */
  answer?: { status: number; headers: Record<string, string>; body: string };
  /**
   * What the page being rendered read, when the server may keep it in the page cache
   * (lib/site/page-cache.ts): set by scripts/serve.mjs for the pages a visitor does not change.
   */
  page?: PageReads;
}

/** What a page's render read: what expires it, until when it holds, and whether it may be kept at all. */
export interface PageReads {
  /** The catalog cache's tags of every answer read (`property:12:rates`, `locations`, …). */
  tags: Set<string>;
  /** The earliest time an answer read stops being fresh (ms since the epoch). */
  freshUntil: number;
  /** The version of the replica's index the page's search was answered from. */
  replica?: string;
  /** Why this render must not be kept (an answer served stale, a read that failed, a load under way). */
  unfit?: string;
}

/** Tells the page being rendered (if any is watched) what it read: tags and freshness, or why it is unfit. */
export function notePageRead(
  read: { tags: readonly string[]; freshUntil: number } | { unfit: string } | { replica: string },
): void {
  const page = currentRequest()?.page;
  if (!page) return;
  if ('unfit' in read) {
    page.unfit ??= read.unfit;
    return;
  }
  if ('replica' in read) {
    if (page.replica !== undefined && page.replica !== read.replica) page.unfit ??= 'the replica moved';
    page.replica = read.replica;
    return;
  }
  for (const tag of read.tags) page.tags.add(tag);
  page.freshUntil = Math.min(page.freshUntil, read.freshUntil);
}

const storage = () => processSingleton('request-context', () => new AsyncLocalStorage<RequestContext>());

export const currentRequest = (): RequestContext | undefined => storage().getStore();

/** Runs `work` as part of a request (a route handler called without the server in front). */
export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage().run(context, work);

/** Runs `work` outside any request: what it spends upstream is nobody's (a sync a scheduler started). */
export const runOutsideRequests = <T>(work: () => T): T => storage().exit(work);

/** The visitor of the current request, or null outside one. */
export function currentVisitor(): string | null {
  const context = currentRequest();
  if (!context) return null;
  context.visitor ??= visitorFrom(context.peer, context.forwardedFor, settings());
  return context.visitor;
}

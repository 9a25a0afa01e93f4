import 'server-only';
import { LRUCache } from 'lru-cache';
import { processSingleton } from '@/lib/process-singleton';
import { currentRequest, currentVisitor } from '@/lib/request-context';
import type { Charge } from './client';

/*
 * Who pays for an upstream call, for the budget's shares (lib/catalog-client/budget.ts): the visitor whose
 * request caused it (the request context says who), or nobody for the site's own work (the sync, the lead
 * worker, the replica's load run outside any request). And whether the call is live work, which may use
 * the reserve reads never reach: an inquiry, or the quote the booking card asks (GET /api/…/quote) for a
 * property whose page the visitor has open.
 *
 * "Has open" is what the server saw, not what a client claims: one of the last ten property pages this
 * visitor opened (each counted against their page-view limit) in the last half hour. A visitor asking
 * quotes of a hundred properties they never opened is reading, and pays for it from their reads. So is the
 * quote a page asks while it is drawn (a stay in its address): many addresses opening pages with stays
 * would otherwise reach the reserve. When reads are spent, that quote is refused quietly and the card asks
 * for it, live.
 */

const PROPERTY_PAGE = /^\/(?:embed\/)?properties\/(\d{1,9})$/;
const QUOTE = /^\/properties\/(\d{1,9})\/quote(?:\?|$)/;
/**
 * Pages a visitor may have open at once (tabs, rentals compared side by side) whose quotes count as live.
 * How many does not widen what a visitor may spend: their live work has its own allowance.
 */
export const OPEN_PAGES = 10;

const recentPages = () =>
  processSingleton(
    'catalog-client.visitor-pages',
    () => new LRUCache<string, number[]>({ max: 50_000, ttl: 30 * 60_000 }),
  );

/** A counted page view: when it is a property's page, that property's quotes become live work for them. */
export function notePageView(visitor: string, pathname: string): void {
  const id = Number(pathname.match(PROPERTY_PAGE)?.[1] ?? 0);
  if (!id) return;
  const pages = recentPages();
  const open = (pages.get(visitor) ?? []).filter((p) => p !== id);
  pages.set(visitor, [id, ...open].slice(0, OPEN_PAGES));
}

/** Asked by the browser (an /api route) for a property whose page this visitor has open. */
function forOpenPage(visitor: string, id: number): boolean {
  if (!currentRequest()?.path.startsWith('/api/')) return false;
  return recentPages().get(visitor)?.includes(id) ?? false;
}

/** The client's `chargeTo`: the current request's visitor, and whether the call is live work for them. */
export function chargeOf(method: 'GET' | 'POST', path: string): Charge {
  const visitor = currentVisitor();
  if (visitor === null) return { visitor: null, live: false };
  if (method === 'POST') return { visitor, live: true };
  const quote = Number(path.match(QUOTE)?.[1] ?? 0);
  return { visitor, live: quote > 0 && forOpenPage(visitor, quote) };
}

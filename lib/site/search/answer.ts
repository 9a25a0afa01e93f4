import 'server-only';
import type { TolerantCatalogPage, TolerantPropertySummary } from '@/lib/contract';
import { today } from '@/lib/dates';
import { replicaLoading } from '@/lib/site/replica';
import type { CardPrice, Facets, Unbookable } from '@/lib/site/replica/types';
import { fromReplica } from './from-replica';
import { fromUpstream } from './from-upstream';
import type { SearchRequest } from './request';

/** A page of a search's results, as /api/search and the results page's first view give it. */
export interface SearchAnswer {
  properties: (TolerantPropertySummary & { price?: CardPrice })[];
  /** The catalog's pagination; `next` is the following page's query on the site's own route. */
  pagination: TolerantCatalogPage['pagination'] & { next: string | null };
  /**
   * What a dated search left out as the rules refuse its stay there (the replica knows each rental's minimum
   * stay; the upstream's catalog does not say, so an answer from it has none).
   */
  unbookable?: Unbookable | null;
  /** The filters' choices with their counts and the price histogram (the replica's answers only). */
  facets?: Facets | null;
  /** `replica`: answered by the site's own copy, with prices; `upstream`: asked the catalog (no prices). */
  source: 'replica' | 'upstream';
  mode: string | null;
  /** The display currency and the reference rates behind every converted figure. */
  prices: { currency: string; rates_date: string; rates_source: string } | null;
  /** Served from the site's cache while the upstream could not answer afresh. */
  stale?: boolean;
  /** While the replica's first load runs (an upstream answer): how far it is, in percent of the rentals. */
  loading?: { percent: number };
}

/** `next` of a page as the site's own query (the upstream's is relative to its base URL), or null on the last. */
function nextQuery(request: SearchRequest, total: number): string | null {
  if (request.page * request.perPage >= total) return null;
  const next = new URLSearchParams(request.params);
  next.set('page', String(request.page + 1));
  next.set('per_page', String(request.perPage));
  return `?${next.toString()}`;
}

/**
 * A search, answered from the replica once its first load is complete (prices, the price sort and range, the
 * map's area), otherwise from the upstream catalog as before (`source` says which). The mode comes with the
 * answer: the upstream's answer carries its own; the replica's is the client's latest (from-replica.ts).
 */
export async function answerSearch(
  request: SearchRequest,
  options: { requestId?: string } = {},
): Promise<SearchAnswer> {
  const answer =
    (await fromReplica(request, today()).catch(() => null)) ?? (await fromUpstream(request, options));
  const percent = answer.source === 'upstream' ? await replicaLoading() : null;
  return {
    ...answer,
    ...(percent === null ? {} : { loading: { percent } }),
    pagination: { ...answer.pagination, next: nextQuery(request, answer.pagination.total) },
  };
}

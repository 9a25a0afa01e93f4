import 'server-only';
import type { TolerantCatalogPage, TolerantPropertySummary } from '@/lib/contract';
import { today } from '@/lib/dates';
import { notePageRead } from '@/lib/request-context';
import { replicaLoading } from '@/lib/site/replica';
import type { CardPrice, CardStay, Facets, ReplicaDetailFacts, Unbookable } from '@/lib/site/replica/types';
import { countPlace, fromReplica } from './from-replica';
import { fromUpstream } from './from-upstream';
import type { SearchRequest } from './request';

/** A page of a search's results, as /api/search and the results page's first view give it. */
export interface SearchAnswer {
  /** From the replica, with its count of reviews and, in a flexible search, the stay each is priced for. */
  properties: (TolerantPropertySummary &
    Pick<ReplicaDetailFacts, 'review_count'> & { price?: CardPrice; stay?: CardStay })[];
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
  /**
   * While the replica's first load runs: how far it is (percent of the rentals), about how long it has left,
   * and in a replica's answer how many of the search's rentals are still being priced (not shown yet; 0 when
   * its place's rentals are all in).
   */
  loading?: { percent: number; seconds_left: number | null; pending?: number };
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
 * A search, answered from the replica (prices, the price sort and range, the map's area) once its first load
 * has listed the catalog, from the rentals in so far, otherwise from the upstream catalog as before (`source`
 * says which). While the load runs, the answer says how far it is and how many of the search's rentals are
 * still being priced; its place is counted, so the load prices the places searched first. The mode
 * comes with the answer: the upstream's answer carries its own; the replica's is the client's latest.
 */
export async function answerSearch(
  request: SearchRequest,
  options: { requestId?: string } = {},
): Promise<SearchAnswer> {
  const replica = await fromReplica(request, today()).catch(() => {
    // The upstream's unpriced answer stands in: a page showing it is not one to keep (lib/site/page-cache.ts).
    notePageRead({ unfit: 'the replica failed' });
    return null;
  });
  const { partial, ...answer } = replica ?? { ...(await fromUpstream(request, options)), partial: undefined };
  void countPlace(request, replica ? null : answer.pagination.total).catch(() => {});
  // The load under way: the catalog answered, or the replica from the rentals in so far (which says so
  // itself, should the load's progress not be read).
  const progress = partial === null ? null : await replicaLoading();
  const loading =
    partial || progress
      ? {
          percent: progress?.percent ?? partial!.percent,
          seconds_left: progress?.secondsLeft ?? null,
          ...(partial ? { pending: partial.pending } : {}),
        }
      : null;
  return {
    ...answer,
    ...(loading ? { loading } : {}),
    pagination: { ...answer.pagination, next: nextQuery(request, answer.pagination.total) },
  };
}

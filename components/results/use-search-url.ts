import { useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { type Bounds, formatBounds, parseBounds } from '@/lib/site/browser/bounds';
import {
  cleanSearchParams,
  FILTER_KEYS,
  type SearchKey,
  searchKey,
  searchWith,
} from '@/lib/site/browser/search-url';
import { readStay } from '@/lib/site/browser/stay';

export interface SearchUrlOptions {
  basePath: string;
  /** The URL the server rendered, cleaned by it (lib/site/search): the view starts from it. */
  initialParams: string;
  /** That URL's query as the page was asked for it: while the address bar shows it, no cleaning again. */
  servedQuery: string;
  /** A destination page searches its own destination: never a filter, never in its links. */
  fixedLocation?: number;
  /** Parameters kept in every URL of this view besides the search (an embed's host). */
  keep?: Record<string, string>;
  withMap: boolean;
  /** After the view moved to another search (focus goes to the results' heading). */
  onGo: () => void;
}

/**
 * The results view's state, which lives in the URL: the search it shows (cleaned once per URL: the server
 * cleaned the one it rendered, the browser cleans each new one), and every way to another search, each a new
 * URL pushed so back and forward work and a link restores it. Another destination is another page (its
 * title and heading are the server's); everything else changes in place and its results come from
 * /api/search.
 */
export function useSearchUrl(o: SearchUrlOptions) {
  const router = useRouter();
  const url = useSearchParams();
  const { initialParams, servedQuery, fixedLocation } = o;
  const params = useMemo(() => {
    if (url.toString() === servedQuery) return new URLSearchParams(initialParams);
    const p = cleanSearchParams(url);
    if (fixedLocation) p.set('location', String(fixedLocation));
    return p;
  }, [url, servedQuery, initialParams, fixedLocation]);
  const stay = useMemo(() => readStay(params), [params]);
  const bounds = useMemo(() => parseBounds(params.get('bounds') ?? ''), [params]);

  /** The link to a clean search: a destination page's own place left out, the view's kept parameters in. */
  const href = (next: URLSearchParams) => {
    const out = new URLSearchParams(next);
    if (fixedLocation) out.delete('location');
    for (const [k, v] of Object.entries(o.keep ?? {})) out.set(k, v);
    const qs = out.toString();
    return qs ? `${o.basePath}?${qs}` : o.basePath;
  };
  const go = (next: URLSearchParams) => {
    if (!fixedLocation && next.get('location') !== params.get('location'))
      router.push(href(next), { scroll: false });
    else window.history.pushState(null, '', href(next));
    o.onGo();
  };
  /** This search without `drop`, with `set`, back on page 1 unless `set` names a page. */
  const relax = (drop: readonly SearchKey[], set: Partial<Record<SearchKey, string>> = {}) =>
    searchWith(params, { drop: ['page', ...drop], set });

  /** A new search from the filters' fields, on its first page. */
  const formSearch = (form: FormData) => {
    // A group of checkboxes (property types, amenities, policies) is one comma-separated value.
    const set = Object.fromEntries(
      FILTER_KEYS.map((k) => [k, form.getAll(k).map(String).filter(Boolean).join(',')]),
    );
    if (fixedLocation) set.location = String(fixedLocation);
    // Another destination is another place on the map: its area is not this one's.
    const moved = String(form.get('location') ?? '') !== (params.get('location') ?? '');
    const drop: SearchKey[] = [...FILTER_KEYS, 'guests', 'page', ...(moved ? (['bounds'] as const) : [])];
    return cleanSearchParams(searchWith(params, { drop, set }));
  };

  return {
    params,
    /** The search asked, whatever the map: what results are fetched and remembered by. */
    key: searchKey(params),
    stay,
    bounds,
    mapShown: o.withMap && params.get('map') === '1',
    href,
    go,
    relax,
    /** A link's press, done in place (the link's own href is the same search, for a new tab or no script). */
    follow: (next: URLSearchParams) => (e: React.MouseEvent) => {
      e.preventDefault();
      go(next);
    },
    /** The search the filters' fields ask for (not gone to: the apply button counts its results). */
    formSearch,
    /** The filters submitted: a new search from the form's fields, on its first page. */
    submit: (form: FormData) => go(formSearch(form)),
    /** The map shown or hidden: the view changes, the search does not (no new results, focus stays). */
    toggleMap: (show: boolean) =>
      window.history.pushState(
        null,
        '',
        href(searchWith(params, show ? { set: { map: '1' } } : { drop: ['map'] })),
      ),
    searchArea: (area: Bounds) => go(relax([], { bounds: formatBounds(area) })),
  };
}

export type SearchUrl = ReturnType<typeof useSearchUrl>;

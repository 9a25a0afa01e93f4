import { bearer, setShortlistState, shortlistState } from '@/lib/site/browser/advisor-store';
import { ApiError, apiSend } from '@/lib/site/browser/api-client';
import type { Stay } from '@/lib/site/browser/stay-link';

/*
 * The browser's side of a shortlist: the calls that change it (each answers the whole list, which becomes
 * the browser's record of what is saved); the hook that reads that record is use-shortlist.ts.
 */

/** What GET /api/shortlist answers for each saved rental (lib/site/advisors/shortlist.ts ShortlistEntry). */
export interface SavedEntry {
  id: string;
  property_id: number;
  stay: {
    checkin: string | null;
    checkout: string | null;
    adults: number;
    children: number;
    bedrooms: number | null;
  };
  property: {
    id: number;
    name: string;
    type: string;
    bedrooms: number;
    bathrooms: number;
    sleeps: number;
    rating: number | null;
    /** Reviews behind the rating (absent while not known). */
    review_count?: number;
    location: { id: number; name: string; path: string[] };
    image: { url: string; caption: string } | null;
    latitude: number | null;
    longitude: number | null;
  } | null;
  price: {
    currency: string;
    kind: 'stay' | 'from' | 'on_request' | 'unavailable';
    amount: number | null;
    nights: number | null;
    reason: string | null;
    /** The figure in the site's display currency when the rental prices in another. */
    converted?: { currency: string; amount: number | null } | null;
  } | null;
}

type Items = { items: SavedEntry[] };

export { useShortlist } from './use-shortlist';

/** Records what the server answered as this browser's list of saved rentals. */
function remember(token: string, items: SavedEntry[]): SavedEntry[] {
  setShortlistState({ token, saved: Object.fromEntries(items.map((i) => [String(i.property_id), i.id])) });
  return items;
}

const stayBody = (stay: Stay) => ({
  checkin: stay.checkin ?? null,
  checkout: stay.checkin ? (stay.checkout ?? null) : null,
  adults: stay.adults,
  children: stay.children,
  bedrooms: stay.bedrooms ?? null,
});

/** Saves a rental with a stay (a new shortlist when this browser has none, or lost it). */
export async function saveRental(propertyId: number, stay: Stay): Promise<SavedEntry[]> {
  const held = shortlistState();
  const body = { property_id: propertyId, stay: stayBody(stay) };
  if (held) {
    try {
      const { items } = await apiSend<Items>('POST', '/api/shortlist/items', body, bearer(held.token));
      return remember(held.token, items);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
    }
  }
  const made = await apiSend<Items & { token: string }>('POST', '/api/shortlists', body);
  return remember(made.token, made.items);
}

export async function removeRental(itemId: string): Promise<SavedEntry[]> {
  const held = shortlistState();
  if (!held) return [];
  const { items } = await apiSend<Items>(
    'DELETE',
    `/api/shortlist/items/${encodeURIComponent(itemId)}`,
    undefined,
    bearer(held.token),
  );
  return remember(held.token, items);
}

export async function redateRental(itemId: string, stay: Stay): Promise<SavedEntry[]> {
  const held = shortlistState();
  if (!held) return [];
  const { items } = await apiSend<Items>(
    'PATCH',
    `/api/shortlist/items/${encodeURIComponent(itemId)}`,
    { stay: stayBody(stay) },
    bearer(held.token),
  );
  return remember(held.token, items);
}

/** The whole list (and the browser's record brought up to date); a token the server does not know is forgotten. */
export async function loadShortlist(token = shortlistState()?.token): Promise<SavedEntry[]> {
  if (!token) return [];
  try {
    const { items } = await apiSend<Items>('GET', '/api/shortlist', undefined, bearer(token));
    return remember(token, items);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') setShortlistState(null);
    throw error;
  }
}

import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UpstreamError } from '@/lib/catalog-client';
import { fieldErrors, type TolerantPropertySummary } from '@/lib/contract';
import { today } from '@/lib/dates';
import { settings } from '@/lib/settings';
import { ADVISOR_LIMITS, stayInputSchema } from '@/lib/site/browser/advisors';
import { catalogReads } from '@/lib/site/catalog-reads';
import type { SiteDb } from '@/lib/site/db/client';
import { shortlistItems, shortlists } from '@/lib/site/db/schema';
import { SiteError, validationFailed } from '@/lib/site/http';
import { currentFxRates } from '@/lib/site/replica';
import { replicaIndexIfBuilt } from '@/lib/site/replica/in-memory';
import type { CardPrice } from '@/lib/site/replica/types';
import { cardPrice } from '@/lib/site/search/card-price';
import { hashToken, newId, newToken } from './tokens';

/*
 * A shortlist: the rentals one browser saved, each with the stay it was saved with (dates may be absent: a
 * rental saved before any were chosen). Its token lives in that browser; the row knows its hash. A rental is
 * on a shortlist once: saving it again keeps the new stay. Prices come from the replica, as the result
 * cards' do (docs/decisions.md#prices-in-search-come-from-the-sites-replica): the quote's own total for a
 * dated stay, at no upstream call, however long the list.
 */

export type ItemRow = typeof shortlistItems.$inferSelect;

const partySchema = z.object({
  adults: z.int({ error: 'must be an integer' }).min(1, { error: 'must be between 1 and 50' }).max(50, {
    error: 'must be between 1 and 50',
  }),
  children: z.int({ error: 'must be an integer' }).min(0, { error: 'must be between 0 and 50' }).max(50, {
    error: 'must be between 0 and 50',
  }),
  bedrooms: z.int({ error: 'must be an integer' }).min(1).max(50).nullish(),
});

/** A saved stay: dates and party (dates both or neither), checked as the property page's prefill would be. */
export function parseSavedStay(
  raw: unknown,
): Pick<ItemRow, 'checkin' | 'checkout' | 'adults' | 'children' | 'bedrooms'> {
  const stay = (raw ?? {}) as Record<string, unknown>;
  const dated = stay.checkin !== undefined && stay.checkin !== null;
  const parsed = dated
    ? stayInputSchema(today()).safeParse(stay)
    : partySchema.safeParse({ adults: 2, children: 0, ...stay });
  if (!parsed.success) {
    const fields = Object.fromEntries(
      Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [`stay.${k}`, v]),
    );
    throw validationFailed(fields);
  }
  const v = parsed.data as {
    checkin?: string;
    checkout?: string;
    adults: number;
    children: number;
    bedrooms?: number | null;
  };
  return {
    checkin: v.checkin ?? null,
    checkout: v.checkout ?? null,
    adults: v.adults,
    children: v.children,
    bedrooms: v.bedrooms ?? null,
  };
}

export function parsePropertyId(raw: unknown): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= 999_999_999) return raw;
  throw validationFailed({ property_id: 'not found' });
}

/** A new, empty shortlist; its token is returned once. */
export async function createShortlist(db: SiteDb): Promise<string> {
  const token = newToken();
  await db.insert(shortlists).values({ tokenHash: hashToken(token) });
  return token;
}

/** The shortlist a token opens (its hash), or the same 404 as for any unknown link. */
export async function shortlistHash(db: SiteDb, token: string): Promise<string> {
  const hash = hashToken(token);
  const [row] = await db
    .select({ hash: shortlists.tokenHash })
    .from(shortlists)
    .where(eq(shortlists.tokenHash, hash));
  if (!row) throw new SiteError('not_found', 'That shortlist could not be found.');
  return hash;
}

export async function addItem(
  db: SiteDb,
  hash: string,
  propertyId: number,
  stay: ReturnType<typeof parseSavedStay>,
) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(shortlistItems)
    .where(eq(shortlistItems.shortlist, hash));
  const values = { id: newId(), shortlist: hash, propertyId, ...stay };
  const [row] = await db
    .insert(shortlistItems)
    .values(values)
    .onConflictDoUpdate({
      target: [shortlistItems.shortlist, shortlistItems.propertyId],
      set: { ...stay },
    })
    .returning();
  // Counted before: a rental already on the list may always be saved again with another stay.
  if (n >= ADVISOR_LIMITS.shortlist && row?.id === values.id) {
    await db.delete(shortlistItems).where(eq(shortlistItems.id, values.id));
    throw new SiteError(
      'invalid_request',
      `A shortlist holds at most ${ADVISOR_LIMITS.shortlist} rentals; remove one to save another.`,
    );
  }
  await db.update(shortlists).set({ updatedAt: sql`now()` }).where(eq(shortlists.tokenHash, hash));
  return row!;
}

export async function updateItem(
  db: SiteDb,
  hash: string,
  id: string,
  stay: ReturnType<typeof parseSavedStay>,
) {
  const [row] = await db
    .update(shortlistItems)
    .set(stay)
    .where(and(eq(shortlistItems.shortlist, hash), eq(shortlistItems.id, id)))
    .returning();
  if (!row) throw new SiteError('not_found', 'That rental is not on this shortlist.');
  return row;
}

export async function removeItem(db: SiteDb, hash: string, id: string): Promise<void> {
  const gone = await db
    .delete(shortlistItems)
    .where(and(eq(shortlistItems.shortlist, hash), eq(shortlistItems.id, id)))
    .returning({ id: shortlistItems.id });
  if (!gone.length) throw new SiteError('not_found', 'That rental is not on this shortlist.');
}

export interface ShortlistEntry {
  id: string;
  property_id: number;
  stay: {
    checkin: string | null;
    checkout: string | null;
    adults: number;
    children: number;
    bedrooms: number | null;
  };
  property: SavedRental | null;
  price: CardPrice | null;
}

/** What the shortlist shows of a rental (the summary's fields; a detail's long texts stay on the server). */
export type SavedRental = Pick<
  TolerantPropertySummary,
  | 'id'
  | 'name'
  | 'type'
  | 'bedrooms'
  | 'bathrooms'
  | 'sleeps'
  | 'rating'
  | 'location'
  | 'image'
  | 'latitude'
  | 'longitude'
> & {
  /** How many reviews stand behind `rating` (the replica's count, or the detail's reviews). */
  review_count?: number;
};

const rentalOf = (
  p: TolerantPropertySummary & { review_count?: number; reviews?: readonly unknown[] },
): SavedRental => ({
  id: p.id,
  name: p.name,
  type: p.type,
  bedrooms: p.bedrooms,
  bathrooms: p.bathrooms,
  sleeps: p.sleeps,
  rating: p.rating,
  ...(p.review_count !== undefined
    ? { review_count: p.review_count }
    : p.reviews
      ? { review_count: p.reviews.length }
      : {}),
  location: p.location,
  image: p.image,
  latitude: p.latitude,
  longitude: p.longitude,
});

/**
 * The shortlist as its page shows it: each rental's summary and its price for the saved stay, from the
 * replica; a rental the replica does not hold yet (its first load running) is read through the cache, and
 * shown without a price; one the catalog no longer has is listed as such, to be removed.
 */
export async function shortlistView(db: SiteDb, hash: string): Promise<ShortlistEntry[]> {
  const items = await db
    .select()
    .from(shortlistItems)
    .where(eq(shortlistItems.shortlist, hash))
    .orderBy(asc(shortlistItems.addedAt), asc(shortlistItems.id));
  const s = settings();
  const index = s.CATALOG_REPLICA ? await replicaIndexIfBuilt(db).catch(() => null) : null;
  const fx = currentFxRates();
  const day = today();
  return Promise.all(
    items.map(async (item): Promise<ShortlistEntry> => {
      const stay = {
        checkin: item.checkin,
        checkout: item.checkout,
        adults: item.adults,
        children: item.children,
        bedrooms: item.bedrooms,
      };
      const base = { id: item.id, property_id: item.propertyId, stay };
      const entry = index?.entries.get(item.propertyId);
      if (entry) {
        const dated = item.checkin && item.checkout && item.checkin >= day;
        const price = cardPrice(
          entry,
          {
            stay: {
              adults: item.adults,
              children: item.children,
              ...(item.bedrooms ? { bedrooms: item.bedrooms } : {}),
              ...(dated ? { checkin: item.checkin!, checkout: item.checkout! } : {}),
            },
            currency: s.DISPLAY_CURRENCY,
            today: day,
          },
          fx,
        );
        return { ...base, property: rentalOf(entry.summary), price };
      }
      try {
        return {
          ...base,
          property: rentalOf((await catalogReads.property(item.propertyId)).data),
          price: null,
        };
      } catch (error) {
        if (error instanceof UpstreamError) return { ...base, property: null, price: null };
        throw error;
      }
    }),
  );
}

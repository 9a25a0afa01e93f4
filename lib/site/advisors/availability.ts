import 'server-only';
import { inArray } from 'drizzle-orm';
import { addDays } from '@/lib/dates';
import {
  availabilityProblem,
  type BookedRange,
  clipRanges,
  occupancyOf,
  type Period,
  problemMessage,
  type Rate,
  type StayProblem,
} from '@/lib/rules';
import type { ProposalOptionStored } from '@/lib/site/browser/advisors';
import { ratesOf } from '@/lib/site/browser/stay-rules';
import { catalogReads } from '@/lib/site/catalog-reads';
import type { SiteDb } from '@/lib/site/db/client';
import { replicaProperties } from '@/lib/site/db/schema';
import { validationFailed } from '@/lib/site/http';

/*
 * Whether an option's stay can be had, by the booked dates and the rules the calendar and the quote share:
 * from the replica (free: the change feed keeps it as current as the cache), or, for a rental the replica
 * does not hold yet (its first load running), as the property page reads them. The client's view says why a
 * stay is gone (view.ts); sending refuses a stay that is booked already, on the option's dates.
 */

export interface Terms {
  sleeps: number;
  bedrooms: number;
  periods: Period[];
  defaultRate: Rate | null;
  booked: BookedRange[];
  priceOnRequest: boolean;
}

/** The replica's rows for the options' rentals (one query), already in the shapes the rules read. */
export async function replicaTerms(db: SiteDb, ids: number[]): Promise<Map<number, Terms>> {
  const rows = await db.select().from(replicaProperties).where(inArray(replicaProperties.propertyId, ids));
  const out = new Map<number, Terms>();
  for (const row of rows) {
    if (row.removed || !row.summary || !row.rates || !row.booked) continue;
    out.set(row.propertyId, {
      sleeps: row.summary.sleeps,
      bedrooms: row.summary.bedrooms,
      periods: row.rates.periods,
      defaultRate: row.rates.defaultRate,
      booked: row.booked.ranges,
      priceOnRequest: row.rates.priceOnRequest ?? false,
    });
  }
  return out;
}

/** A rental the replica lacks: its booked dates and rates as the property page reads them (cached). */
export async function catalogTerms(option: ProposalOptionStored, day: string): Promise<Terms | null> {
  const id = option.propertyId;
  try {
    const [availability, rates] = await Promise.all([
      catalogReads.availability(id),
      catalogReads.rates(id, { from: addDays(day, -366) }),
    ]);
    return {
      sleeps: option.property?.sleeps ?? Number.MAX_SAFE_INTEGER,
      bedrooms: option.property?.bedrooms ?? 50,
      ...ratesOf(rates.data),
      booked: availability.data.booked,
      priceOnRequest: false,
    };
  } catch {
    return null;
  }
}

/** What the booked dates hold against the stay: a booked night, or a day kept free (null: nothing). */
function bookedProblem(option: ProposalOptionStored, terms: Terms): StayProblem | null {
  const { checkin, checkout } = option.stay;
  return availabilityProblem(occupancyOf(clipRanges(terms.booked, checkin, checkout)), checkin, checkout);
}

/** Why the stay cannot be had, by the replica's dates and rules (null: it can, as far as they say). */
export function problemOf(option: ProposalOptionStored, terms: Terms, day: string): string | null {
  if (option.stay.checkin < day) return 'These dates have passed.';
  const problem = bookedProblem(option, terms);
  if (!problem) return null;
  // Sending refuses a stay booked already (refuseUnavailable): one booked now was booked since.
  return problem.kind === 'booked-night'
    ? 'These dates have been booked by other guests since the proposal was sent.'
    : problemMessage(problem);
}

/**
 * Refuses to send a proposal one of whose stays is not free now, on that option's dates (the form places it
 * there): a client must never be sent a stay that cannot be had. What the catalog's quote refuses (a minimum
 * stay, a party too large) is kept with its words instead, and shown to the client with the nearest stays.
 */
export async function refuseUnavailable(
  db: SiteDb,
  options: ProposalOptionStored[],
  day: string,
): Promise<void> {
  const known = await replicaTerms(
    db,
    options.map((o) => o.propertyId),
  ).catch(() => new Map<number, Terms>());
  const fields: Record<string, string> = {};
  await Promise.all(
    options.map(async (option, i) => {
      const terms = known.get(option.propertyId) ?? (await catalogTerms(option, day));
      const problem = terms && bookedProblem(option, terms);
      if (problem)
        fields[`options.${i}.stay.checkin`] =
          problem.kind === 'booked-night' ? 'is booked on these dates' : 'is not free on these dates';
    }),
  );
  if (Object.keys(fields).length) throw validationFailed(fields);
}

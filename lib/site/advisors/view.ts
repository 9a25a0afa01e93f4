import 'server-only';
import { UpstreamError } from '@/lib/catalog-client';
import { furthestCheckin, STAY_LIMITS } from '@/lib/contract';
import { addDays, today } from '@/lib/dates';
import { type NearbyStay, nearestStays } from '@/lib/rules';
import type { ProposalOptionStored, QuotedPrice } from '@/lib/site/browser/advisors';
import { catalogReads } from '@/lib/site/catalog-reads';
import type { SiteDb } from '@/lib/site/db/client';
import { catalogTerms, problemOf, replicaTerms, type Terms } from './availability';
import { asProposal } from './charge';
import { expired, type ProposalRow } from './proposals';
import { priceOf } from './snapshot';

/*
 * The client's view of a proposal: every option quoted again on every view (through the site's cache, so a
 * view within QUOTE_CACHE_SECONDS of another costs nothing upstream; charged to the proposal's own share,
 * charge.ts), compared with the price it was sent with. Whether the stay can still be had comes from the
 * replica's booked dates and rates (free: the change feed keeps them as current as the cache), and when it
 * cannot, the nearest stays the shared rules allow (lib/rules/nearest.ts). A view therefore costs at most one
 * upstream call per option whose quote is not cached; only a rental the replica does not hold (its first
 * load still running) has its booked dates and rates read as the property page reads them.
 */

/** How far either side of the wanted check-in the nearest stays are looked for. */
const NEAREST_DAYS = 45;
const NEAREST_COUNT = 3;

export type OptionToday =
  /** Priced now: `moved` when the total differs from the one sent. */
  | { kind: 'priced'; price: QuotedPrice; moved: boolean }
  /** The catalog prices it on request now. */
  | { kind: 'on_request' }
  /** The stay cannot be had any more: why, and the nearest stays the rules allow. */
  | { kind: 'unavailable'; reason: string; nearest: NearbyStay[] }
  /** The rental left the catalog. */
  | { kind: 'gone' }
  /** The catalog could not be asked just now (busy, down, over budget): the price sent still stands. */
  | { kind: 'unknown' };

export interface OptionView {
  option: ProposalOptionStored;
  today: OptionToday;
}

function nearestFor(option: ProposalOptionStored, terms: Terms | null, day: string): NearbyStay[] {
  if (!terms) return [];
  const { periods, defaultRate } = terms;
  const from = addDays(option.stay.checkin, -NEAREST_DAYS);
  return nearestStays({
    stay: { ...option.stay, bedrooms: option.stay.bedrooms ?? undefined },
    property: { bedrooms: terms.bedrooms, sleeps: terms.sleeps, priceOnRequest: terms.priceOnRequest },
    periods,
    defaultRate,
    booked: terms.booked,
    window: {
      from: from > day ? from : day,
      to: [addDays(option.stay.checkin, NEAREST_DAYS), furthestCheckin(day)].sort()[0]!,
    },
    maxNights: STAY_LIMITS.maxNights,
    count: NEAREST_COUNT,
  });
}

async function optionToday(option: ProposalOptionStored, known: Terms | undefined, day: string) {
  const terms = known ?? (await catalogTerms(option, day));
  const problem = terms
    ? problemOf(option, terms, day)
    : option.stay.checkin < day
      ? 'These dates have passed.'
      : null;
  if (problem)
    return { kind: 'unavailable', reason: problem, nearest: nearestFor(option, terms, day) } as const;
  const { checkin, checkout, adults, children, bedrooms } = option.stay;
  try {
    const q = await catalogReads.quote(option.propertyId, {
      checkin,
      checkout,
      adults,
      children,
      ...(bedrooms ? { bedrooms } : {}),
    });
    if (q.data.price_on_request) return { kind: 'on_request' } as const;
    const price = priceOf(q.data);
    const moved = option.sent !== null && option.sent.total !== price.total;
    return { kind: 'priced', price, moved } as const;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) return { kind: 'gone' } as const;
    // The agent's rules refuse the stay now (a longer minimum stay, a smaller party allowed): their words.
    if (error.status === 400)
      return { kind: 'unavailable', reason: error.message, nearest: nearestFor(option, terms, day) } as const;
    return { kind: 'unknown' } as const;
  }
}

/** Every option of a sent proposal as it stands today. */
export async function optionsToday(db: SiteDb, row: ProposalRow): Promise<OptionView[]> {
  const day = today();
  const terms = await replicaTerms(
    db,
    row.options.map((o) => o.propertyId),
  ).catch(() => new Map<number, Terms>());
  return asProposal(row.id, () =>
    Promise.all(
      row.options.map(async (option) => ({
        option,
        today: await optionToday(option, terms.get(option.propertyId), day),
      })),
    ),
  );
}

/** The client's page: null (not found) for a draft or an unknown token; ended; or the options today. */
export type ClientView =
  | { kind: 'ended'; row: ProposalRow }
  | { kind: 'open'; row: ProposalRow; options: OptionView[] };

export async function clientView(db: SiteDb, row: ProposalRow): Promise<ClientView> {
  if (expired(row)) return { kind: 'ended', row };
  return { kind: 'open', row, options: await optionsToday(db, row) };
}

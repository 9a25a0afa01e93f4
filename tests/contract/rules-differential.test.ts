import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '@/lib/catalog-client';
import type { PropertyDetail } from '@/lib/contract';
import { addDays, daysBetween, today } from '@/lib/dates';
import { problemMessage, rateForNight, type StayProblem } from '@/lib/rules';
import { Random } from '@/lib/sandbox/demo/random';
import {
  bedroomsPriced,
  type PropertyTerms,
  ratesOf,
  type StayChoice,
  type StayVerdict,
  verdictsFor,
} from '@/lib/site/browser/stay-rules';
import { propertyAreas } from '@/lib/site/property-page';
import { serveService } from './http';
import { allPages, api, rows, setupService } from './service';
import { setupSite } from './site';

/*
 * The calendar offers exactly the stays the service takes. For a few hundred (property, check-in, nights,
 * party) samples, the site's verdict, worked out from what the property page gets over HTTP (its rate
 * sheet and availability, through the site's client), is set against the service's own answers: the quote
 * (200, or 400 invalid_request with its message) and the catalog filter (is the property among
 * GET /v2/properties?checkin&checkout for its location). Samples lean on the cases where copies of the
 * rules drifted before: next to booked ranges and their full-day flags, stays shorter than the minimum,
 * check-ins whose minimum stay comes from last year's period, parties larger than the property.
 */

const service = setupService({ properties: 160, seed: 29 });
let upstream: Awaited<ReturnType<typeof serveService>>;
beforeAll(async () => {
  upstream = await serveService();
});
setupSite({
  upstream: () => upstream.url,
  // Hundreds of area reads in a minute: the site's own budget and a loaded machine's latency are not under test.
  env: {
    UPSTREAM_BUDGET_PER_MINUTE: '100000',
    UPSTREAM_BUDGET_PER_HOUR: '100000',
    UPSTREAM_TIMEOUT_MS: '20000',
  },
});

const SAMPLES = 420;

interface Facts {
  id: number;
  location_id: number;
  sleeps: number;
  bedrooms: number;
  has_default: boolean;
  last_night: string | null;
}
interface Range {
  property_id: number;
  checkin: string;
  checkout: string;
  checkin_full_day: boolean;
  checkout_full_day: boolean;
}
interface Sample {
  aim: string;
  id: number;
  checkin: string;
  nights: number;
  adults: number;
  children: number;
  bedrooms?: number;
}

/** Draws the samples from the catalog's own facts (read from its tables, not from the answers under test). */
function drawSamples(facts: Facts[], ranges: Range[], first: string, last: string): Sample[] {
  const rng = new Random(20270213);
  const byId = new Map(facts.map((f) => [f.id, f]));
  const keptFreeAfter = ranges.filter((r) => r.checkout_full_day);
  const keptFreeBefore = ranges.filter((r) => r.checkin_full_day);
  // Mostly the boundary day itself, where the full-day flags decide; a day either side now and then.
  const nearDay = () =>
    rng.weighted([
      [0, 6],
      [-1, 2],
      [1, 2],
    ] as const);
  // Properties whose published rates stop inside the calendar and have no default rate: later check-ins
  // take their minimum stay from last year's period.
  const fallback = facts.filter((f) => !f.has_default && f.last_night !== null && f.last_night < last);
  const yearOut = addDays(first, 365);
  const fallbackSoon = fallback.filter((f) => f.last_night! < addDays(yearOut, -30));
  const fits = (checkin: string, nights: number) => checkin >= first && addDays(checkin, nights) <= last;
  const smallNights = () => rng.pick([1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 10]);
  const party = (f: Facts) => {
    const guests = rng.int(1, f.sleeps);
    const adults = rng.int(1, guests);
    return { adults, children: guests - adults };
  };
  const anyDay = (span = 700) => addDays(first, rng.int(0, span));
  const aims: [string, number, () => Sample | null][] = [
    [
      'after a booked range',
      25,
      () => {
        const r = rng.pick(rng.chance(0.6) ? keptFreeAfter : ranges);
        const f = byId.get(r.property_id)!;
        const nights = smallNights();
        const checkin = addDays(r.checkout, nearDay());
        return fits(checkin, nights)
          ? { aim: 'after a booked range', id: f.id, checkin, nights, ...party(f) }
          : null;
      },
    ],
    [
      'before a booked range',
      25,
      () => {
        const r = rng.pick(rng.chance(0.6) ? keptFreeBefore : ranges);
        const f = byId.get(r.property_id)!;
        const nights = smallNights();
        const checkin = addDays(r.checkin, nearDay() - nights);
        return fits(checkin, nights)
          ? { aim: 'before a booked range', id: f.id, checkin, nights, ...party(f) }
          : null;
      },
    ],
    [
      'prior-year fallback',
      20,
      () => {
        // Mostly within a year of today, where last year's period may have ended before today: a site
        // reading rates only from today would not have it.
        const soon = rng.chance(0.7) && fallbackSoon.length > 0;
        const f = rng.pick(soon ? fallbackSoon : fallback);
        const nights = rng.pick([1, 1, 2, 2, 3, 4, 6, 7]);
        const until = soon ? yearOut : last;
        const span = Math.max(0, -1 - nights + daysBetween(f.last_night!, until));
        const checkin = addDays(f.last_night!, 1 + rng.int(0, span));
        return fits(checkin, nights)
          ? { aim: 'prior-year fallback', id: f.id, checkin, nights, ...party(f) }
          : null;
      },
    ],
    [
      'shorter than a minimum',
      15,
      () => {
        const f = rng.pick(facts);
        const nights = rng.pick([1, 1, 2, 3, 6]);
        const checkin = anyDay();
        const stay = { aim: 'shorter than a minimum', id: f.id, checkin, nights, ...party(f) };
        return fits(checkin, nights)
          ? rng.chance(0.3)
            ? { ...stay, bedrooms: rng.int(1, f.bedrooms + 1) }
            : stay
          : null;
      },
    ],
    [
      'over capacity',
      10,
      () => {
        const f = rng.pick(facts);
        const guests = Math.min(50, f.sleeps + rng.int(0, 2));
        const children = rng.int(0, Math.min(3, guests - 1));
        const nights = rng.int(1, 14);
        const checkin = anyDay();
        return fits(checkin, nights)
          ? { aim: 'over capacity', id: f.id, checkin, nights, adults: guests - children, children }
          : null;
      },
    ],
    [
      'anywhere',
      5,
      () => {
        const f = rng.pick(facts);
        const nights = rng.int(1, 30);
        const checkin = anyDay();
        return fits(checkin, nights) ? { aim: 'anywhere', id: f.id, checkin, nights, ...party(f) } : null;
      },
    ],
  ];
  const samples: Sample[] = [];
  const draws = aims.map(([, weight, draw]) => [draw, weight] as const);
  while (samples.length < SAMPLES) {
    const sample = rng.weighted(draws)();
    if (sample) samples.push(sample);
  }
  return samples;
}

/** The property page's data for the calendar, read as the page reads it (cached by the site's client). */
const termsCache = new Map<number, Promise<PropertyTerms>>();
function termsOf(id: number): Promise<PropertyTerms> {
  let terms = termsCache.get(id);
  if (!terms) {
    terms = (async () => {
      const detail = (await catalog().property(id)).data as PropertyDetail;
      const { booking } = await propertyAreas(detail);
      return booking;
    })();
    termsCache.set(id, terms);
  }
  return terms;
}

const kindOf = (p: StayProblem | null) => p?.kind ?? 'ok';
const tally = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

describe('the calendar and the service agree on every stay', () => {
  it(`over ${SAMPLES} samples drawn from the demo catalog: the quote's verdict and the filter's`, async () => {
    const first = today();
    const last = addDays(first, 700);
    const facts = await rows<Facts>(
      service.db,
      sql`SELECT p.id, p.location_id, p.sleeps, p.bedrooms,
            EXISTS (SELECT 1 FROM default_rates d WHERE d.property_id = p.id) AS has_default,
            (SELECT max(r.end_date)::text FROM rate_periods r WHERE r.property_id = p.id) AS last_night
          FROM properties p WHERE p.status = 'live' ORDER BY p.id`,
    );
    const live = new Set(facts.map((f) => f.id));
    const ranges = (
      await rows<Range>(
        service.db,
        sql`SELECT property_id, checkin::text, checkout::text, checkin_full_day, checkout_full_day
            FROM booked_ranges WHERE checkout >= ${first}::date ORDER BY property_id, checkin`,
      )
    ).filter((r) => live.has(r.property_id));
    const samples = drawSamples(facts, ranges, first, last);
    const byId = new Map(facts.map((f) => [f.id, f]));

    const siteVerdicts: Record<string, number> = {};
    /** Each part of the site's verdict on its own: a min-stay hidden behind a booked night still counts. */
    const siteParts: Record<string, number> = {};
    const quoteAnswers: Record<string, number> = {};
    const filterAnswers: Record<string, number> = {};
    const aims: Record<string, number> = {};
    let minStayFromLastYear = 0;
    const disagreements: unknown[] = [];
    const filterCache = new Map<string, Set<number>>();
    const calendars = new Map<number, (stay: StayChoice) => StayVerdict>();

    for (const s of samples) {
      const checkout = addDays(s.checkin, s.nights);
      const terms = await termsOf(s.id);
      const verdict = calendars.get(s.id) ?? verdictsFor(terms);
      calendars.set(s.id, verdict);
      const site = verdict({ ...s, checkout });

      const q = new URLSearchParams({
        checkin: s.checkin,
        checkout,
        adults: String(s.adults),
        children: String(s.children),
      });
      if (s.bedrooms !== undefined) q.set('bedrooms', String(s.bedrooms));
      const quote = await api(`/properties/${s.id}/quote?${q}`);
      const location = byId.get(s.id)!.location_id;
      const filterKey = `${location}|${s.checkin}|${checkout}`;
      let free = filterCache.get(filterKey);
      if (!free) {
        const found = await allPages(
          `/properties?location=${location}&checkin=${s.checkin}&checkout=${checkout}&per_page=200`,
        );
        free = new Set(found.map((p) => p.id as number));
        filterCache.set(filterKey, free);
      }
      const inFilter = free.has(s.id);

      tally(aims, s.aim);
      tally(siteVerdicts, kindOf(site.availability ?? site.rule));
      tally(siteParts, `availability ${kindOf(site.availability)}`);
      tally(siteParts, `rule ${kindOf(site.rule)}`);
      tally(filterAnswers, inFilter ? 'listed' : 'not listed');
      const serviceMinStay = /minimum stay .* is (\d+) nights/.exec(quote.body?.error?.message ?? '')?.[1];
      tally(
        quoteAnswers,
        quote.status === 200
          ? '200'
          : `${quote.status} ${quote.body.error.code}${serviceMinStay ? ' (minimum stay)' : ''}`,
      );
      if (site.rule?.kind === 'min-stay') {
        const { periods, defaultRate } = ratesOf(terms.rates);
        const priced = bedroomsPriced(s.bedrooms, s.adults, s.children, terms.maxBedrooms);
        if (rateForNight(s.checkin, priced, periods, defaultRate).source === 'estimated')
          minStayFromLastYear++;
      }

      const quoteAgrees =
        site.rule === null
          ? quote.status === 200
          : quote.status === 400 &&
            quote.body.error.code === 'invalid_request' &&
            quote.body.error.message === problemMessage(site.rule) &&
            (site.rule.kind !== 'min-stay' || serviceMinStay === String(site.rule.minStay));
      const filterAgrees = inFilter === (site.availability === null);
      if (!quoteAgrees || !filterAgrees) {
        disagreements.push({
          sample: { ...s, checkout },
          site,
          quote: quote.status === 200 ? 200 : quote.body.error,
          inFilter,
        });
      }
    }

    console.log(
      [
        `rules differential: ${samples.length} samples over ${termsCache.size} properties, ${disagreements.length} disagreements`,
        `  aimed at:        ${JSON.stringify(aims)}`,
        `  site's verdicts: ${JSON.stringify(siteVerdicts)}`,
        `  by part:         ${JSON.stringify(siteParts)} (minimum stay from last year's period: ${minStayFromLastYear})`,
        `  quote answered:  ${JSON.stringify(quoteAnswers)}`,
        `  filter:          ${JSON.stringify(filterAnswers)}`,
      ].join('\n'),
    );
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(disagreements).toHaveLength(0);
    // A differential that never meets a case proves nothing about it.
    expect(siteVerdicts.ok ?? 0).toBeGreaterThanOrEqual(10);
    for (const part of [
      'availability booked-night',
      'availability checkin-kept-free',
      'availability checkout-kept-free',
      'rule over-capacity',
      'rule min-stay',
    ]) {
      expect(siteParts[part] ?? 0, part).toBeGreaterThanOrEqual(10);
    }
    expect(minStayFromLastYear).toBeGreaterThanOrEqual(10);
  }, 240_000);
});

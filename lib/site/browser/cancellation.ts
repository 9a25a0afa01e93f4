import type { RateSheet } from '@/lib/contract';
import { rateSpans } from '@/lib/rules';

/*
 * The cancellation terms of a stay: each rate period's `cancellation_policy` for the nights it prices, by
 * the shared rules (lib/rules/rates.ts: the period with the smallest tier that fits the bedrooms priced),
 * so the terms shown are those of exactly the rates the quote used. Nights on the default rate (which has
 * no policy in the API document), on last year's period standing in, or with no rate, have no published
 * terms: said as such, for the agent to confirm. The policy's words are the vendor's: plain text is kept,
 * tags and runs of spaces dropped, and an over-long text cut, so nothing the API sends is rendered as HTML
 * or breaks the card.
 */

type Rates = Pick<RateSheet, 'rates' | 'default_rate'>;

/** One policy over a run of the stay's nights: `from` the first night, `to` the day after the last. */
export interface CancellationTerm {
  /** Null: no published policy covers these nights. */
  name: string | null;
  description: string;
  from: string;
  to: string;
}

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 400;

/** The vendor's words as plain text: no tags, one space between words, at most `max` characters. */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const text = value
    .replace(/<[^>]*>?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

interface Policy {
  name: string;
  description: string;
}

function policyOf(period: Rates['rates'][number]): Policy | null {
  const p = (period as { cancellation_policy?: unknown }).cancellation_policy;
  if (!p || typeof p !== 'object') return null;
  const { name, description } = p as Record<string, unknown>;
  const policy = { name: plainText(name, NAME_MAX), description: plainText(description, DESCRIPTION_MAX) };
  if (!policy.name && !policy.description) return null;
  return { name: policy.name || 'Cancellation policy', description: policy.description };
}

/**
 * The terms of a stay priced for `bedrooms` (the quote's `stay.bedrooms`), in the order of its nights;
 * neighbouring runs under the same policy are one. Empty for a stay with no nights.
 */
export function cancellationTerms(
  rates: Rates,
  stay: { checkin: string; checkout: string; bedrooms: number },
): CancellationTerm[] {
  const periods = rates.rates.map((r) => ({
    start: r.start_date,
    end: r.end_date,
    rooms: r.rooms,
    minStay: r.min_stay,
    policy: policyOf(r),
  }));
  const d = rates.default_rate;
  const defaultRate: { rooms: number; minStay: number; policy: Policy | null } | null = d
    ? { rooms: d.rooms, minStay: d.min_stay, policy: null }
    : null;
  const terms: CancellationTerm[] = [];
  for (const span of rateSpans(stay.checkin, stay.checkout, stay.bedrooms, periods, defaultRate)) {
    const policy = span.source === 'published' ? (span.rate?.policy ?? null) : null;
    const name = policy?.name ?? null;
    const description = policy?.description ?? '';
    const last = terms.at(-1);
    if (last && last.name === name && last.description === description) last.to = span.to;
    else terms.push({ name, description, from: span.from, to: span.to });
  }
  return terms;
}

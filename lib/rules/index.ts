/*
 * The rules both roles apply, written once: the service (lib/catalog-api) quotes, filters and accepts
 * inquiries by them, and the site (lib/site/browser/stay-rules.ts, the booking calendar, card prices) offers only
 * what they allow. A copy of a rule drifts: the calendar once offered stays the quote refused.
 *
 *   stay.ts     booked nights, full-day flags (holds block like stays), capacity, minimum stay: a stay's problems
 *   rates.ts    which rate a night uses (prior-year fallback included), bedrooms priced, per-night amounts
 *   spans.ts    a stay's nights grouped by the rate each uses (its terms, such as the cancellation policy)
 *   pricing.ts  the quote's arithmetic: rent, promotions, fees, taxes, totals, accuracy
 *   money.ts    currencies' minor units and half-up rounding to them
 *   nearest.ts  the nearest stays the rules allow, for a stay that cannot be had (bounded by a window)
 *
 * Pure: no I/O, no clock (callers pass "today"), dates as `YYYY-MM-DD` strings through lib/dates. May import
 * lib/dates and lib/contract types only; never lib/catalog-api, lib/site, lib/catalog-client, components or app.
 */
export * from './money';
export * from './nearest';
export * from './pricing';
export * from './rates';
export * from './spans';
export * from './stay';

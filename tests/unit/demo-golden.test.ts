import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DemoCatalog, demoCatalogBatches, generateDemoCatalog } from '@/lib/sandbox/demo/generate';

/*
 * The demo catalog is a function of its seed and today: the same seed must give the same rows, byte for
 * byte, whatever shape the generator's code takes. These are the rows' fingerprints, table by table, as the
 * generator wrote them before it was split per table. A change to what the demo generates changes only the
 * tables it means to change: update those fingerprints in the same commit, and say why.
 */
const FINGERPRINTS: Record<keyof DemoCatalog, string> = {
  locations: '051030308dd2fc37',
  location_closure: 'a8791e849f16bd06',
  properties: '26f34ee0da9212b8', // words, policies and staff that agree (issue 25)
  amenities: '710dadc7defa3d78', // only those that fit the home: no pool of its own in an apartment
  bedrooms: '7e29bfcbaaade0b0',
  bathrooms: '9dc5be6ed27ea42e',
  reviews: '334db805b6b21306',
  images: 'f7b56e244ccdb75a', // the photos' plans, which follow the amenities
  rate_periods: '6032a189bf83c519', // a monthly rate in every season of homes let for long stays
  default_rates: '2ce4c2a837e878b6', // and on their default rate
  fees: '1a9f70b2dfc8d15e',
  taxes: '3dbbade04786fe8c',
  promotions: '974f4751067cb748',
  booked_ranges: 'd269495904983d32', // and five to eight free weeks in each coming season
  agents: '5430bfe534ebc66c',
};

const OPTIONS = { seed: 20261121, properties: 300, now: '2026-11-21T12:00:00Z' };
const fingerprint = (rows: unknown[]) =>
  createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16);

describe('the demo catalog for a seed', () => {
  it('is the same rows, table by table, as it always was', () => {
    const catalog = generateDemoCatalog(OPTIONS);
    const got = Object.fromEntries(
      Object.entries(catalog).map(([table, rows]) => [table, fingerprint(rows)]),
    );
    expect(got).toEqual(FINGERPRINTS);
  });

  it('does not depend on the batch size the seeding reads it in', () => {
    const whole = generateDemoCatalog(OPTIONS);
    const batches = [...demoCatalogBatches(OPTIONS, 37)];
    expect(batches.flatMap((b) => b.properties)).toEqual(whole.properties);
    expect(batches.flatMap((b) => b.booked_ranges)).toEqual(whole.booked_ranges);
  });
});

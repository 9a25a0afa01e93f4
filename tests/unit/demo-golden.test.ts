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
  properties: '29a927b962e3eb40',
  amenities: '0831122db05723c7',
  bedrooms: '7e29bfcbaaade0b0',
  bathrooms: '9dc5be6ed27ea42e',
  reviews: '334db805b6b21306',
  images: '7791706902f8bac0', // the demo photos' plans (photos.ts), as main's generator wrote them
  rate_periods: '2d018a127e190fc4',
  default_rates: '63ad697b196f5339',
  fees: '1a9f70b2dfc8d15e',
  taxes: '3dbbade04786fe8c',
  promotions: '974f4751067cb748',
  booked_ranges: '781686a629c2a9e2',
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

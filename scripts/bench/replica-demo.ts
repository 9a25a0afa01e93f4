// The replica's in-memory index built straight from the demo generator (lib/sandbox/demo), without a
// server or a load: the rows the catalog would answer mapped into the shapes the replica stores (the same
// fields the replica's terms.ts keeps). For the in-process search benchmark and the large differential
// tests; the summaries carry only what search reads.
import { addDays, addYears } from '@/lib/dates';
import { demoCatalogBatches } from '@/lib/sandbox/demo/generate';
import {
  descendantsOf,
  indexOfEntries,
  type ReplicaEntry,
  type ReplicaIndex,
  replicaEntryOf,
} from '@/lib/site/replica/in-memory';
import type { ReplicaRates, ReplicaSummary } from '@/lib/site/replica/types';

export function demoReplicaIndex(properties: number, now: string, seed = 42): ReplicaIndex {
  const today = now.slice(0, 10);
  const from = addYears(today, -1);
  const to = addDays(today, 730);
  const entries = new Map<number, ReplicaEntry>();
  const locations: { id: number; parent_id: number | null }[] = [];
  for (const batch of demoCatalogBatches({ seed, properties, now })) {
    for (const l of batch.locations) locations.push({ id: l.id!, parent_id: l.parent_id ?? null });
    const group = <T extends { property_id?: number | null }>(rows: T[]) => {
      const out = new Map<number, T[]>();
      for (const r of rows) {
        const list = out.get(r.property_id!);
        if (list) list.push(r);
        else out.set(r.property_id!, [r]);
      }
      return out;
    };
    const periods = group(batch.rate_periods);
    const defaults = group(batch.default_rates);
    const fees = group(batch.fees);
    const taxes = group(batch.taxes);
    const promotions = group(batch.promotions);
    const booked = group(batch.booked_ranges);
    for (const p of batch.properties) {
      if (p.status !== 'live') continue;
      const id = p.id!;
      const ps = periods.get(id) ?? [];
      const d = defaults.get(id)?.[0];
      const rates: ReplicaRates = {
        currency: (ps[0]?.currency ?? d?.currency ?? 'EUR') as string,
        periods: ps
          .filter((r) => r.end_date! >= from && r.start_date! <= to)
          .map((r) => ({
            start: r.start_date!,
            end: r.end_date!,
            rooms: r.rooms!,
            nightly: Number(r.nightly),
            weekly: r.weekly === null || r.weekly === undefined ? null : Number(r.weekly),
            monthly: r.monthly === null || r.monthly === undefined ? null : Number(r.monthly),
            minStay: r.min_stay!,
          })),
        defaultRate: d
          ? {
              rooms: d.rooms!,
              nightly: Number(d.nightly),
              weekly: d.weekly === null || d.weekly === undefined ? null : Number(d.weekly),
              monthly: d.monthly === null || d.monthly === undefined ? null : Number(d.monthly),
              minStay: d.min_stay!,
            }
          : null,
        fees: (fees.get(id) ?? []).map((f) => ({
          type: f.type!,
          amount: Number(f.amount),
          refundable: f.refundable ?? false,
          taxable: f.taxable ?? false,
        })),
        taxRates: (taxes.get(id) ?? []).map((t) => Number(t.rate)),
        promotions: (promotions.get(id) ?? []).map((x) => ({
          start: x.start_date!,
          end: x.end_date!,
          percent: Number(x.percent),
          minNights: x.min_nights!,
        })),
        priceOnRequest: p.price_on_request ?? false,
      };
      const summary = {
        id,
        name: p.name,
        bedrooms: p.bedrooms,
        sleeps: p.sleeps,
        latitude: p.latitude,
        longitude: p.longitude,
        updated_at: p.updated_at,
        location: { id: p.location_id },
      } as unknown as ReplicaSummary;
      const ranges = (booked.get(id) ?? [])
        .filter((r) => r.checkout! >= today)
        .map((r) => ({
          checkin: r.checkin!,
          checkout: r.checkout!,
          checkin_full_day: r.checkin_full_day ?? false,
          checkout_full_day: r.checkout_full_day ?? false,
        }));
      entries.set(id, replicaEntryOf(id, 1, summary, rates, { to, ranges }, today));
    }
  }
  return indexOfEntries(entries.values(), {
    version: `demo:${properties}`,
    descendants: descendantsOf(locations),
  });
}

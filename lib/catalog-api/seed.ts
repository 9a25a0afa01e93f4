import 'server-only';
import { sql } from 'drizzle-orm';
import { nowIso } from '@/lib/dates';
import { type DemoCatalog, demoCatalogBatches } from '@/lib/sandbox';
import { type Db, queryRows } from './db/client';
import { createKey, SCOPES } from './keys';
import { ensurePropertyDocuments } from './read-model';

/** The demo keys named in the README, exactly these strings. */
export const DEMO_KEYS = {
  testFull: 'svc_test_demo_full_access',
  liveFull: 'svc_live_demo_full_access',
  testReadOnly: 'svc_test_demo_read_only',
  testRestricted: 'svc_test_demo_restricted',
} as const;

/** Tables in insertion order, and the serial columns whose sequences follow the explicit ids. */
const TABLES: (keyof DemoCatalog)[] = [
  'locations',
  'location_closure',
  'agents',
  'properties',
  'amenities',
  'bedrooms',
  'bathrooms',
  'reviews',
  'images',
  'rate_periods',
  'default_rates',
  'fees',
  'taxes',
  'promotions',
  'booked_ranges',
];
const SERIALS = ['agents', 'reviews', 'promotions', 'booked_ranges'];

const BATCH = 4000;

/** Inserts rows keyed by column name, thousands per statement: one JSON parameter, no per-row round trips. */
async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = JSON.stringify(rows.slice(i, i + BATCH));
    await db.execute(
      sql`INSERT INTO ${sql.identifier(table)} SELECT * FROM jsonb_populate_recordset(NULL::${sql.identifier(table)}, ${chunk}::jsonb)`,
    );
  }
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM properties`);
  return (row?.n ?? 0) > 0;
}

export interface SeedOptions {
  seed: number;
  properties: number;
  now?: string;
}

/** Fills an empty database with the demo catalog and the demo keys. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<{ counts: Record<string, number> }> {
  const now = options.now ?? nowIso();
  const counts: Record<string, number> = Object.fromEntries(TABLES.map((t) => [t, 0]));
  const live: number[] = [];
  await db.transaction(async (tx) => {
    for (const batch of demoCatalogBatches(
      { seed: options.seed, properties: options.properties, now },
      250,
    )) {
      for (const table of TABLES) {
        await insertRows(tx, table, batch[table]);
        counts[table]! += batch[table].length;
      }
      for (const p of batch.properties) if (p.status === 'live') live.push(p.id);
    }
    for (const table of SERIALS) {
      await tx.execute(
        sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.identifier(table)}), false)`,
      );
    }
    await ensurePropertyDocuments(tx);
    const all = [...SCOPES];
    const demo = { partnerName: 'Demo Partner' };
    await createKey(tx, {
      ...demo,
      key: DEMO_KEYS.testFull,
      mode: 'test',
      scopes: all,
      label: 'Demo: test, full access',
    });
    await createKey(tx, {
      ...demo,
      key: DEMO_KEYS.liveFull,
      mode: 'live',
      scopes: all,
      label: 'Demo: live, full access',
    });
    await createKey(tx, {
      ...demo,
      key: DEMO_KEYS.testReadOnly,
      mode: 'test',
      scopes: ['properties:read'],
      label: 'Demo: test, properties:read only',
    });
    await createKey(tx, {
      ...demo,
      key: DEMO_KEYS.testRestricted,
      mode: 'test',
      scopes: all,
      label: 'Demo: test, 20 allowed properties',
      advisorName: 'Avery Advisor, Demo Travel Co.',
      // Spread over the catalog, so the allow-list spans several destinations.
      allowList: Array.from({ length: 20 }, (_, i) => live[Math.floor((i * live.length) / 20)]!),
    });
    await tx.execute(
      sql`INSERT INTO service_state (key, value, updated_at) VALUES ('demo', ${JSON.stringify({ seed: options.seed, properties: options.properties, seeded_at: now })}::jsonb, ${now})`,
    );
  });
  // Planner statistics for the fresh rows, and the space of the rows the documents rewrote: embedded
  // PGlite has no autovacuum to do either.
  await db.execute(sql`VACUUM ANALYZE`);
  return { counts };
}

/** Empties every table (for `npm run db:reset`). */
export async function clearDatabase(db: Db): Promise<void> {
  const all = [...TABLES, 'property_documents', 'api_keys', 'inquiries', 'service_state']
    .map((t) => `"${t}"`)
    .join(', ');
  await db.execute(sql.raw(`TRUNCATE ${all} RESTART IDENTITY`));
}

// `npm run db:reset`: empties the catalog database and fills it again with the demo catalog and keys.
// Settings: DEMO_SEED, DEMO_PROPERTIES, DATABASE_URL or DATA_DIR (see README).

import { closeDatabase, getDb } from '../lib/catalog-api/db/client';
import { clearDatabase, DEMO_KEYS, seedDemo } from '../lib/catalog-api/seed';
import { nowIso } from '../lib/dates';
import { settings } from '../lib/settings';

async function main() {
  const started = performance.now();
  const db = await getDb();
  await clearDatabase(db);
  const { DEMO_SEED: seed, DEMO_PROPERTIES: properties } = settings();
  const { counts } = await seedDemo(db, { seed, properties, now: nowIso() });
  await closeDatabase();
  console.log(
    `Demo catalog created in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed}):`,
  );
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(18)} ${n}`);
  console.log(`Demo keys: ${Object.values(DEMO_KEYS).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

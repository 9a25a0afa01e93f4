// `npm run catalog:activity`: applies one batch of catalog activity now (bookings, holds, lapsed holds, a
// rate edit, a photo reorder, maybe a property leaving or arriving) and lists what changed. The running
// server does the same every CATALOG_ACTIVITY_INTERVAL_SECONDS.
import { runActivityBatch } from '../lib/catalog-api/activity';
import { closeDatabase, getDb } from '../lib/catalog-api/db/client';

async function main() {
  const changes = await runActivityBatch(await getDb());
  await closeDatabase();
  console.log(`Applied ${changes.length} changes:`);
  for (const c of changes) console.log(`  property ${c.propertyId}: ${c.change}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

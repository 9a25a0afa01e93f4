// `npm run catalog:activity`: applies one batch of catalog activity now (bookings, holds, lapsed holds, a
// rate edit, a photo reorder, maybe a property leaving or arriving) and lists what changed. The running
// server does the same every CATALOG_ACTIVITY_INTERVAL_SECONDS.
// `npm run catalog:activity -- --rate-edit ID [FACTOR]`: the activity's rate edit on one property, now
// (its rates still to come times FACTOR, default 1.1): a partner's way to see their copy follow a change.
import { runActivityBatch } from '../lib/catalog-api/activity';
import { closeDatabase, getDb } from '../lib/catalog-api/db/client';
import { editRates } from '../lib/catalog-api/writers';

async function main() {
  const [flag, id, factor] = process.argv.slice(2);
  if (flag === '--rate-edit') {
    const property = Number(id);
    const by = factor === undefined ? 1.1 : Number(factor);
    if (!Number.isInteger(property) || property < 1 || !(by > 0))
      throw new Error('Usage: --rate-edit ID [FACTOR]');
    await editRates(await getDb(), property, by);
    await closeDatabase();
    console.log(`Applied 1 change:\n  property ${property}: rates x${by}`);
    return;
  }
  const changes = await runActivityBatch(await getDb());
  await closeDatabase();
  console.log(`Applied ${changes.length} changes:`);
  for (const c of changes) console.log(`  property ${c.propertyId}: ${c.change}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

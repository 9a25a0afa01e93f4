// Prepares the site's and the catalog's databases before the server starts (`npm start` runs this): creates it, applies
// migrations, fills an empty one with the demo catalog and brings stored documents up to date. Run in
// its own short-lived process, so the memory that creating an embedded database takes is returned to
// the system before the server starts.
import { ensureDatabase } from '../lib/catalog-api/bootstrap';
import { closeDatabase } from '../lib/catalog-api/db/client';
import { settings } from '../lib/settings';
import { openSiteDatabase } from '../lib/site/db/client';

async function main() {
  // The site's own tables (leads, sync state): created or migrated.
  await (await openSiteDatabase()).close();
  if (!settings().CATALOG_API_ENABLED) return;
  await ensureDatabase();
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

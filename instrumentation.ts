/**
 * Runs once when a server process starts, before it serves requests: the embedded catalog service
 * opens its database (creating and filling it on first start) and starts the catalog activity job.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { settings } = await import('./lib/settings');
  if (!settings().CATALOG_API_ENABLED) return;
  const { ensureDatabase } = await import('./lib/catalog-api/bootstrap');
  await ensureDatabase();
  if (settings().CATALOG_ACTIVITY) {
    const { startCatalogActivity } = await import('./lib/catalog-api/activity');
    const { getDb } = await import('./lib/catalog-api/db/client');
    startCatalogActivity(getDb, settings().CATALOG_ACTIVITY_INTERVAL_SECONDS);
  }
}

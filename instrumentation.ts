/**
 * Runs once when a server process starts, before it serves requests: the embedded catalog service
 * opens its database (creating and filling it on first start) and starts the catalog activity job; the
 * site opens its own database and starts its jobs (change-feed sync, lead worker).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { settings } = await import('./lib/settings');
  if (settings().CATALOG_API_ENABLED) {
    const { ensureDatabase, getDb, startCatalogActivity } = await import('./lib/catalog-api');
    await ensureDatabase();
    if (settings().CATALOG_ACTIVITY)
      startCatalogActivity(getDb, settings().CATALOG_ACTIVITY_INTERVAL_SECONDS);
  }
  const { getSiteDb } = await import('./lib/site/db/client');
  await getSiteDb();
  const { startSiteJobs } = await import('./lib/site/jobs');
  startSiteJobs();
}

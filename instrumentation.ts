/**
 * Runs once when a server process starts, before it serves requests: the embedded catalog service
 * opens its database (creating and filling it on first start).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { settings } = await import('./lib/settings');
  if (!settings().CATALOG_API_ENABLED) return;
  const { ensureDatabase } = await import('./lib/catalog-api/bootstrap');
  await ensureDatabase();
}

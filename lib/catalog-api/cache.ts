import 'server-only';

/**
 * Small in-process caches for answers that change only when the catalog changes (the location tree and
 * its counts). Writers in this process call `invalidateCatalogCaches()`; the TTL bounds how long another
 * process's write (a CLI, another instance on a shared Postgres) can go unseen.
 */
const entries = new Map<string, { value: Promise<unknown>; until: number; generation: number }>();
let generation = 0;

export async function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.generation === generation && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { value, until: Date.now() + ttlMs, generation });
  // A failed load is not remembered.
  value.catch(() => entries.delete(key));
  return value;
}

export function invalidateCatalogCaches(): void {
  generation++;
  entries.clear();
}

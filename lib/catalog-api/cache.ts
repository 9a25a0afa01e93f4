import 'server-only';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Small in-process caches for answers that change only when the catalog changes (the location tree and
 * its counts). Writers in this process call `invalidateCatalogCaches()`; the TTL bounds how long another
 * process's write (a CLI, another instance on a shared Postgres) can go unseen. One cache per process
 * (lib/process-singleton.ts): a writer in one bundle (the activity timer's) invalidates what every bundle
 * (the /v2 route's) reads.
 */
interface Memo {
  entries: Map<string, { value: Promise<unknown>; until: number; generation: number }>;
  generation: number;
}

const memoOfProcess = () =>
  processSingleton<Memo>('catalog-api.memo', () => ({ entries: new Map(), generation: 0 }));

export async function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const m = memoOfProcess();
  const hit = m.entries.get(key);
  if (hit && hit.generation === m.generation && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  m.entries.set(key, { value, until: Date.now() + ttlMs, generation: m.generation });
  // A failed load is not remembered.
  value.catch(() => m.entries.delete(key));
  return value;
}

export function invalidateCatalogCaches(): void {
  const m = memoOfProcess();
  m.generation++;
  m.entries.clear();
}

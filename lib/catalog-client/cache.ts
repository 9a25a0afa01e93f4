import 'server-only';
import { LRUCache } from 'lru-cache';

/*
 * The partner side's cache of upstream answers, by key and by tag. Every entry carries tags
 * (`catalog`, `property:12:rates`, …); the change-feed sync expires exactly the tags whose area moved.
 * Expired or aged entries are kept as *stale*: the next read fetches again, and only when that fetch fails
 * for a passing reason (upstream down, over its limit) is the stale answer served instead of an error.
 * Concurrent reads of a missing key share one upstream call.
 *
 * Why not Next.js's own data cache: `revalidateTag` works only inside Server Functions and Route Handlers,
 * and the sync runs from a timer as well as from a route; this cache works the same in pages, routes, the
 * sync job and the tests. It lives in the process; with several instances, tag expiries are broadcast
 * (see `sync.ts`).
 */

interface Entry {
  value?: unknown;
  error?: unknown;
  tags: readonly string[];
  freshUntil: number;
  stale: boolean;
}

export interface CacheOptions {
  tags: readonly string[];
  /** How long the answer is fresh without the sync expiring it. */
  ttlMs: number;
  /** Serve the stale answer when fetching again fails this way (default: never). */
  serveStaleOn?: (error: unknown) => boolean;
  /** What a stale answer is served as (so a page can say its data may be out of date). */
  markStale?: (value: unknown) => unknown;
  /** Keep a failure as the answer for this long (a 404 asked again and again by a crawler); 0: not at all. */
  cacheErrorMs?: (error: unknown) => number;
  /**
   * A failure that belonged to whoever made the call (a visitor over their share of the budget): a reader
   * who only joined that call asks again for themselves instead of sharing its refusal.
   */
  onlyTheirs?: (error: unknown) => boolean;
}

/**
 * What a read used, told to whoever watches reads (a page being rendered for the page cache,
 * lib/site/page-cache.ts): its tags and until when its answer is fresh, or that it was not a fresh answer
 * (served stale, or failed), which a page built on it must not be kept for.
 */
export type ReadSeen =
  | { tags: readonly string[]; freshUntil: number }
  | { tags: readonly string[]; fresh: false };

export interface CacheStats {
  hits: number;
  misses: number;
  staleServed: number;
  expired: number;
}

export class TaggedCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly maxStaleMs: number;
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  readonly stats: CacheStats = { hits: 0, misses: 0, staleServed: 0, expired: 0 };
  private readonly onRead?: (read: ReadSeen) => void;

  constructor(
    options: { maxBytes: number; maxStaleMs?: number; onRead?: (read: ReadSeen) => void },
    private readonly now: () => number = Date.now,
  ) {
    this.onRead = options.onRead;
    // A stale entry is kept this long past its freshness, for serving while the upstream is down.
    this.maxStaleMs = options.maxStaleMs ?? 24 * 3_600_000;
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      sizeCalculation: (entry, key) => key.length + approximateSize(entry.value ?? entry.error),
      ttlAutopurge: false,
      perf: { now },
      dispose: (entry, key) => this.untag(key, entry.tags),
    });
  }

  /** The answer for `key`: cached and fresh, or loaded (once, however many ask at the same time). */
  async get<T>(key: string, options: CacheOptions, load: () => Promise<T>): Promise<T> {
    if (!this.onRead) return this.answer(key, options, load);
    const told = this.onRead;
    const { tags } = options;
    try {
      const value = await this.answer(key, options, load);
      const held = this.entries.peek(key);
      // What was read is what the cache holds now, unless it was served stale (or not kept at all).
      if (held && !held.stale && 'value' in held && held.value === value)
        told({ tags, freshUntil: held.freshUntil });
      else told({ tags, fresh: false });
      return value;
    } catch (error) {
      told({ tags, fresh: false });
      throw error;
    }
  }

  private async answer<T>(key: string, options: CacheOptions, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && !entry.stale && this.now() < entry.freshUntil) {
      this.stats.hits++;
      if ('error' in entry) throw entry.error;
      return entry.value as T;
    }
    const pending = this.inflight.get(key) as Promise<T> | undefined;
    if (pending)
      return pending.catch((error: unknown) => {
        if (options.onlyTheirs?.(error)) return this.answer(key, options, load);
        throw error;
      });
    this.stats.misses++;
    const loading = load()
      .then((value) => {
        this.set(key, { value, tags: options.tags, freshUntil: this.now() + options.ttlMs, stale: false });
        return value;
      })
      .catch((error: unknown) => {
        if (entry && 'value' in entry && options.serveStaleOn?.(error)) {
          this.stats.staleServed++;
          return (options.markStale ? options.markStale(entry.value) : entry.value) as T;
        }
        const keepMs = options.cacheErrorMs?.(error) ?? 0;
        if (keepMs > 0)
          this.set(key, { error, tags: options.tags, freshUntil: this.now() + keepMs, stale: false });
        throw error;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, loading);
    return loading;
  }

  /**
   * The answer held for `key`, fresh or stale, without loading it: undefined when none (or only a failure)
   * is held. Neither counted as a read nor moving the entry's place in line for eviction.
   */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.peek(key);
    return entry && 'value' in entry ? (entry.value as T) : undefined;
  }

  /** Marks every entry with this tag stale; returns how many there were. */
  expireTag(tag: string): number {
    let count = 0;
    for (const key of this.keysByTag.get(tag) ?? []) {
      const entry = this.entries.peek(key);
      if (entry && !entry.stale) {
        entry.stale = true;
        count++;
      }
    }
    this.stats.expired += count;
    return count;
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private set(key: string, entry: Entry): void {
    // Replacing an entry disposes the old one (untagging it) before the new one is tagged.
    this.entries.set(key, entry, { ttl: Math.max(1, entry.freshUntil - this.now()) + this.maxStaleMs });
    if (!this.entries.has(key)) return; // larger than the whole cache
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.keysByTag.set(tag, keys);
    }
  }

  private untag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/** Bytes an answer takes, roughly (its JSON text): what the cache's size limit counts. */
function approximateSize(value: unknown): number {
  if (value instanceof Error) return 256;
  try {
    return Math.max(64, JSON.stringify(value)?.length ?? 64);
  } catch {
    return 256;
  }
}

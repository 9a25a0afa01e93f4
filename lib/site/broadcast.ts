import 'server-only';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TaggedCache } from '@/lib/catalog-client';
import { catalog } from '@/lib/catalog-client';
import { processSingleton } from '@/lib/process-singleton';
import { settings } from '@/lib/settings';
import { logger } from './logger';
import { pageCache } from './page-cache';

/*
 * Cache expiries shared by every instance: each process keeps its own cache, so when several run, the
 * instance that ran the sync publishes the tags it expired on a Redis channel and every other instance
 * expires them too. Without REDIS_URL there is one instance and nothing to tell.
 */

const CHANNEL = 'rental:site:cache-expire';

export interface Broadcast {
  expire: (tags: string[]) => Promise<void>;
  clear: () => Promise<void>;
  close: () => Promise<void>;
  /** Settles once this instance hears the others (at once without Redis; never rejects). */
  ready: Promise<void>;
}

export function cacheBroadcast(cache: TaggedCache, redisUrl: string | undefined): Broadcast {
  // The pages kept rendered (lib/site/page-cache.ts) go with the answers they were made from.
  const local = {
    expire: (tags: string[]) => {
      for (const tag of tags) cache.expireTag(tag);
      pageCache()?.expire(tags);
    },
    clear: () => {
      cache.clear();
      pageCache()?.clear();
    },
  };
  if (!redisUrl) {
    return {
      expire: async (tags) => local.expire(tags),
      clear: async () => local.clear(),
      close: async () => {},
      ready: Promise.resolve(),
    };
  }
  // This instance's own messages come back to it; it has applied them already.
  const me = randomBytes(8).toString('hex');
  const options = { maxRetriesPerRequest: 2, lazyConnect: false };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  for (const r of [publisher, subscriber]) {
    r.on('error', (error) => logger.warn({ err: error }, 'cache broadcast: Redis unreachable'));
  }
  const ready = subscriber
    .subscribe(CHANNEL)
    .then(() => undefined)
    .catch((error) => logger.warn({ err: error }, 'cache broadcast: cannot subscribe'));
  subscriber.on('message', (_channel, text: string) => {
    try {
      const message = JSON.parse(text) as { from: string; tags?: string[]; clear?: boolean };
      if (message.from === me) return;
      if (message.clear) local.clear();
      else local.expire(message.tags ?? []);
    } catch (error) {
      logger.warn({ err: error }, 'cache broadcast: unreadable message ignored');
    }
  });
  const publish = async (message: object) => {
    try {
      await publisher.publish(CHANNEL, JSON.stringify({ from: me, ...message }));
    } catch (error) {
      // The other instances keep serving until their entries age out (CACHE_TTL_SECONDS); say so.
      logger.error(
        { err: error },
        'cache broadcast failed: other instances keep their entries until they age out',
      );
    }
  };
  return {
    expire: async (tags) => {
      local.expire(tags);
      if (tags.length) await publish({ tags });
    },
    clear: async () => {
      local.clear();
      await publish({ clear: true });
    },
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
    ready,
  };
}

/**
 * This process's way of expiring cache tags here and, with REDIS_URL, in every other instance: made once
 * (it subscribes to the others' expiries), shared by the sync and the replica's load.
 */
export function siteBroadcast(): Broadcast {
  return processSingleton('site.cache-broadcast', () =>
    cacheBroadcast(catalog().cache, settings().REDIS_URL),
  );
}

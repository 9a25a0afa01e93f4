import 'server-only';
import { connection } from 'next/server';
import type { TolerantLocation } from '@/lib/contract';
import { catalogReads } from './catalog-reads';

/*
 * What the pages read, on the server, through the cached catalog. Pages are rendered per request (the
 * catalog changes), and an unreachable upstream is a state the page shows, not a crash.
 */

export type Mode = 'test' | 'live' | string;

/** The upstream's mode (X-SVC-Mode), from the cached location catalog: the banner shows it; null if unknown. */
export async function catalogMode(): Promise<Mode | null> {
  await connection();
  try {
    return (await catalogReads.locations()).mode;
  } catch {
    return null;
  }
}

export async function allLocations(): Promise<TolerantLocation[]> {
  await connection();
  return (await catalogReads.locations()).data.locations;
}

/** Root-to-leaf chain of a location, for breadcrumbs. */
export function ancestry(locations: TolerantLocation[], id: number): TolerantLocation[] {
  const byId = new Map(locations.map((l) => [l.id, l]));
  const chain: TolerantLocation[] = [];
  for (let at = byId.get(id); at; at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
    chain.unshift(at);
    if (chain.length > 10) break;
  }
  return chain;
}

import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { nowIso } from '@/lib/dates';
import { processSingleton } from '@/lib/process-singleton';
import type { Db } from './db/client';
import { apiKeys } from './db/schema';

export const SCOPES = ['properties:read', 'locations:read', 'inquiries:write'] as const;
export type Scope = (typeof SCOPES)[number];
export type KeyMode = 'test' | 'live';
/** A key's request limits (docs/decisions.md#rate-limits): the document's, or a partner tier's. */
export const TIERS = ['standard', 'partner'] as const;
export type KeyTier = (typeof TIERS)[number];

export interface ApiKey {
  id: number;
  mode: KeyMode;
  scopes: Scope[];
  allowList: number[] | null;
  partnerName: string;
  advisorName: string | null;
  tier: KeyTier;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The mode a key's prefix names, for responses to keys we do not know (docs/decisions.md#the-mode-header). */
export function modeFromPrefix(key: string | null): KeyMode {
  return key?.startsWith('svc_test_') ? 'test' : 'live';
}

export interface NewKey {
  mode: KeyMode;
  scopes: Scope[];
  label: string;
  partnerName: string;
  advisorName?: string | null;
  allowList?: number[] | null;
  tier?: KeyTier;
  /** A fixed key string (the demo keys); otherwise a random one is made. */
  key?: string;
}

/** Stores a key by its hash and returns the key itself: the only time it is ever seen. */
export async function createKey(db: Db, input: NewKey): Promise<{ id: number; key: string }> {
  const key = input.key ?? `svc_${input.mode}_${randomBytes(24).toString('base64url')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      keyHash: hashKey(key),
      hint: `${key.slice(0, 13)}…`,
      label: input.label,
      mode: input.mode,
      scopes: input.scopes,
      allowList: input.allowList ?? null,
      partnerName: input.partnerName,
      advisorName: input.advisorName ?? null,
      tier: input.tier ?? 'standard',
      createdAt: nowIso(),
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

export async function revokeKey(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: nowIso() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function listKeys(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      hint: apiKeys.hint,
      label: apiKeys.label,
      mode: apiKeys.mode,
      scopes: apiKeys.scopes,
      partnerName: apiKeys.partnerName,
      allowList: apiKeys.allowList,
      tier: apiKeys.tier,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .orderBy(apiKeys.id);
}

const CACHE_MS = 10_000;
/** Keys found, for ten seconds: one cache per process (lib/process-singleton.ts), whichever bundle asks. */
const keyCache = () =>
  processSingleton('catalog-api.key-cache', () => new Map<string, { key: ApiKey | null; until: number }>());

/**
 * Finds an active key by its hash. Answers are kept for ten seconds, so a revocation from the CLI
 * (another process) takes effect within that time without a database read on every request.
 */
export async function findKey(db: Db, key: string): Promise<ApiKey | null> {
  const hash = hashKey(key);
  const cache = keyCache();
  const hit = cache.get(hash);
  if (hit && hit.until > Date.now()) return hit.key;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  const found: ApiKey | null = row
    ? {
        id: row.id,
        mode: row.mode === 'test' ? 'test' : 'live',
        scopes: row.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
        allowList: row.allowList,
        partnerName: row.partnerName,
        advisorName: row.advisorName,
        tier: row.tier === 'partner' ? 'partner' : 'standard',
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { key: found, until: Date.now() + CACHE_MS });
  return found;
}

export function clearKeyCache(): void {
  keyCache().clear();
}

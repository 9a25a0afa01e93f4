import 'server-only';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from './settings';

/*
 * The site's own key on the embedded service (docs/decisions.md#the-sites-own-key-on-the-embedded-service).
 * When the site's upstream is this very server (no SVC_BASE_URL), it does not borrow a demo key the README
 * hands to partners: the service makes it a key of its own, in the partner tier, at its first start, and
 * leaves the key in DATA_DIR/site-key (readable by this user only) for the site's client to read. Shared
 * plumbing: the service writes the file, the site reads it; neither imports the other.
 */

/** The demo key the site uses against an upstream named by SVC_BASE_URL when SVC_API_KEY is not set. */
export const DEMO_TEST_KEY = 'svc_test_demo_full_access';

/** The embedded set-up's own budget: the partner tier's limits, a little under them. */
const PARTNER_BUDGET = { perMinute: 55_000, perHour: 1_900_000 };
const DOCUMENTED_BUDGET = { perMinute: 550, perHour: 9500 };

export const embeddedKeyFile = (dataDir: string) => path.resolve(dataDir, 'site-key');

export function readEmbeddedKey(dataDir: string): string | null {
  try {
    return readFileSync(embeddedKeyFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function writeEmbeddedKey(dataDir: string, key: string): void {
  const file = embeddedKeyFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
}

export interface Upstream {
  baseUrl: string;
  apiKey: string;
  /** The embedded service with the site's own partner-tier key. */
  embedded: boolean;
  budget: { perMinute: number; perHour: number };
}

/**
 * Where the site's client goes and with what: SVC_BASE_URL and SVC_API_KEY when given; otherwise this
 * server's own /v2 with the site's own key (read when the client is first made, after the service made it),
 * and a budget as large as that key's tier. Against a vendor the documented limits' budget stands.
 */
export function upstreamOf(s: Settings): Upstream {
  const ownKey = !s.SVC_BASE_URL && !s.SVC_API_KEY ? readEmbeddedKey(s.DATA_DIR) : null;
  const embedded = ownKey !== null;
  const budget = embedded ? PARTNER_BUDGET : DOCUMENTED_BUDGET;
  return {
    baseUrl: s.SVC_BASE_URL ?? s.serviceBaseUrl,
    apiKey: s.SVC_API_KEY ?? ownKey ?? DEMO_TEST_KEY,
    embedded,
    budget: {
      perMinute: s.UPSTREAM_BUDGET_PER_MINUTE ?? budget.perMinute,
      perHour: s.UPSTREAM_BUDGET_PER_HOUR ?? budget.perHour,
    },
  };
}

import 'server-only';
import { readEmbeddedKey, writeEmbeddedKey } from '@/lib/embedded-key';
import { settings } from '@/lib/settings';
import { getDb } from './db/client';
import { createKey, findKey, SCOPES } from './keys';
import { logger } from './logger';

/**
 * The site's own key on this service (docs/decisions.md#the-sites-own-key-on-the-embedded-service): made
 * once, in the partner tier, a test key like the demo's (the demo set-up sends no inquiry to an agent), and
 * left in DATA_DIR/site-key for the site's client. Kept across starts while it is still a key here; made
 * again when the database was reset or the key revoked.
 */
export async function ensureSiteKey(): Promise<void> {
  const s = settings();
  const db = await getDb();
  const known = readEmbeddedKey(s.DATA_DIR);
  if (known && (await findKey(db, known))) return;
  const { key, id } = await createKey(db, {
    mode: 'test',
    scopes: [...SCOPES],
    label: 'the site (embedded)',
    partnerName: s.SITE_NAME,
    tier: 'partner',
  });
  writeEmbeddedKey(s.DATA_DIR, key);
  logger.info({ keyId: id }, 'the site’s own key made (partner tier), kept in DATA_DIR/site-key');
}

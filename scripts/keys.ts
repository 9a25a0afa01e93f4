// `npm run keys -- <command>`: manage the catalog service's API keys for real deployments.
//   list
//   create --mode test|live --partner NAME [--scopes a,b] [--label TEXT] [--advisor NAME] [--allow 1,2,3] [--tier standard|partner]
//   revoke ID
// A new key is printed once; only its SHA-256 hash is stored.
import { parseArgs } from 'node:util';
import { closeDatabase, type Db, getDb } from '../lib/catalog-api/db/client';
import {
  createKey,
  type KeyTier,
  listKeys,
  revokeKey,
  SCOPES,
  type Scope,
  TIERS,
} from '../lib/catalog-api/keys';

const USAGE = `Usage:
  npm run keys -- list
  npm run keys -- create --mode test|live --partner NAME [--scopes ${SCOPES.join(',')}] [--label TEXT] [--advisor NAME] [--allow 1,2,3] [--tier ${TIERS.join('|')}]
  npm run keys -- revoke ID`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    mode: { type: 'string' },
    partner: { type: 'string' },
    scopes: { type: 'string', default: SCOPES.join(',') },
    label: { type: 'string' },
    advisor: { type: 'string' },
    allow: { type: 'string' },
    tier: { type: 'string', default: 'standard' },
  },
});

const [command, arg] = positionals;
if (!command || !['list', 'create', 'revoke'].includes(command)) fail('Name a command.');

async function list(db: Db) {
  for (const k of await listKeys(db)) {
    const allow = k.allowList ? `${k.allowList.length} allowed properties` : 'whole catalog';
    const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
    console.log(
      `${String(k.id).padStart(4)}  ${k.hint.padEnd(16)} ${k.mode.padEnd(4)}  ${state.padEnd(8)}  ${k.partnerName}  [${k.scopes.join(', ')}]  ${allow}  ${k.tier}  ${k.label}`,
    );
  }
}

async function create(db: Db) {
  if (values.mode !== 'test' && values.mode !== 'live') fail('--mode must be test or live.');
  if (!values.partner) fail('--partner is required.');
  if (!(TIERS as readonly string[]).includes(values.tier)) fail(`--tier must be ${TIERS.join(' or ')}.`);
  const scopes = values.scopes.split(',').map((s) => s.trim());
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) fail(`Unknown scopes: ${unknown.join(', ')}.`);
  const allowList = values.allow?.split(',').map((s) => Number(s.trim()));
  if (allowList?.some((n) => !Number.isInteger(n) || n < 1)) fail('--allow takes property ids: 1,2,3.');
  const { id, key } = await createKey(db, {
    mode: values.mode,
    scopes: scopes as Scope[],
    partnerName: values.partner,
    label: values.label ?? `${values.partner} (${values.mode})`,
    advisorName: values.advisor ?? null,
    allowList: allowList ?? null,
    tier: values.tier as KeyTier,
  });
  console.log(`Created key ${id}. Store it now: it is not shown again.\n\n  ${key}\n`);
}

async function revoke(db: Db) {
  const id = Number(arg);
  if (!Number.isInteger(id) || id < 1) fail('revoke takes a key id (see list).');
  if (!(await revokeKey(db, id))) fail(`No active key with id ${id}.`);
  console.log(`Revoked key ${id}. Servers stop accepting it within 10 seconds.`);
}

async function main() {
  const db = await getDb();
  try {
    await (command === 'list' ? list : command === 'create' ? create : revoke)(db);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

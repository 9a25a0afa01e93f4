import 'server-only';
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FieldErrors, Inquiry, InquiryRequest } from '@/lib/contract';
import { daysBetween, nowIso } from '@/lib/dates';
import { checkStayRules, PricingRuleError } from '@/lib/rules';
import { settings } from '@/lib/settings';
import { type Db, queryRows } from './db/client';
import { ServiceError, validationFailed } from './http/errors';
import type { ApiKey } from './keys';
import { findLocation, findLocationFor } from './locations';
import { loadPricingData } from './quote';

/*
 * POST /inquiries: checks what the schema cannot (the property and destination exist for this key),
 * applies the rules an agent would (minimum stay, capacity), picks the agent, and with a live key stores
 * the inquiry. A test key gets the same checks and the same agent, and nothing is stored.
 */

interface Agent {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  extension: string;
}

const TEST_IDS_FROM = 900_000_000;

/**
 * A live inquiry already created under this key and `Idempotency-Key` (our extension, docs/decisions.md#idempotency-key-on-post-inquiries-our-extension):
 * its answer as first given, so a partner's retry after a lost answer creates nothing new.
 */
async function replayed(db: Db, key: ApiKey, idempotencyKey: string | undefined): Promise<Inquiry | null> {
  if (!idempotencyKey || key.mode !== 'live') return null;
  const [row] = await queryRows<{ response: Inquiry | null }>(
    db,
    sql`SELECT response FROM inquiries WHERE key_id = ${key.id} AND idempotency_key = ${idempotencyKey}`,
  );
  return row?.response ?? null;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

export async function submitInquiry(
  db: Db,
  key: ApiKey,
  body: InquiryRequest,
  idempotencyKey?: string,
): Promise<{ inquiry: Inquiry; replayed: boolean }> {
  const earlier = await replayed(db, key, idempotencyKey);
  if (earlier) return { inquiry: earlier, replayed: true };
  const errors: FieldErrors = {};
  const { stay } = body;
  const property = body.property_id ? await loadPricingData(db, key, body.property_id) : null;
  if (body.property_id && !property) errors.property_id = 'is not a property in the catalog';
  const location = body.destination?.id ? await findLocationFor(db, key, body.destination.id) : null;
  if (body.destination?.id && !location) errors['destination.id'] = 'is not a location in the catalog';
  if (Object.keys(errors).length) throw validationFailed(errors);

  const nights = daysBetween(stay.checkin, stay.checkout);
  if (property) {
    try {
      checkStayRules(
        {
          checkin: stay.checkin,
          checkout: stay.checkout,
          adults: stay.guests.adults,
          children: stay.guests.children,
          bedrooms: stay.bedrooms ?? undefined,
          property,
          periods: property.periods,
          defaultRate: property.defaultRate,
        },
        property.name,
      );
    } catch (error) {
      if (error instanceof PricingRuleError) throw new ServiceError('invalid_request', error.message);
      throw error;
    }
  }

  const regionId = property
    ? ((await findLocation(db, property.location_id))?.region_id ?? null)
    : (location?.region_id ?? null);
  const createdAt = nowIso();
  const live = key.mode === 'live';

  const budget =
    !property && body.budget ? { min: body.budget.min ?? null, max: body.budget.max ?? null } : null;
  const answer = (id: number, agent: Agent): Inquiry => ({
    id,
    status: 'new',
    test: !live,
    created_at: createdAt,
    reference: body.reference ?? null,
    property: property
      ? { id: property.id, name: property.name, url: `${settings().siteUrl}/properties/${property.id}` }
      : null,
    destination: property
      ? null
      : location
        ? { id: location.id, name: location.name, path: location.path }
        : { id: null, name: body.destination?.name ?? '', path: null },
    budget,
    stay: {
      checkin: stay.checkin,
      checkout: stay.checkout,
      nights,
      guests: stay.guests,
      bedrooms: property ? (stay.bedrooms ?? null) : null,
    },
    contact: {
      first_name: body.contact.first_name,
      last_name: body.contact.last_name,
      email: body.contact.email,
    },
    agent: {
      first_name: agent.first_name,
      last_name: agent.last_name,
      email: agent.email,
      phone: agent.phone,
      extension: agent.extension,
    },
  });

  if (!live) {
    const agent = await chooseAgent(db, key, body.contact.email, regionId, false);
    return { inquiry: answer(TEST_IDS_FROM + randomInt(0, 1_000_000_000), agent), replayed: false };
  }
  const save = async (tx: Db) => {
    const agent = await chooseAgent(tx, key, body.contact.email, regionId, true);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO inquiries (status, created_at, reference, property_id, destination_id, destination_name,
            budget_min, budget_max, checkin, checkout, adults, children, bedrooms, first_name, last_name, email, phone,
            message, agent_id, key_id, source, advisor_name, idempotency_key)
          VALUES ('new', ${createdAt}, ${body.reference ?? null}, ${property?.id ?? null}, ${location?.id ?? null},
            ${body.destination?.name ?? null}, ${property ? null : (body.budget?.min ?? null)},
            ${property ? null : (body.budget?.max ?? null)}, ${stay.checkin}, ${stay.checkout}, ${stay.guests.adults},
            ${stay.guests.children}, ${property ? (stay.bedrooms ?? null) : null}, ${body.contact.first_name},
            ${body.contact.last_name}, ${body.contact.email}, ${body.contact.phone ?? null}, ${body.message ?? null},
            ${agent.id}, ${key.id}, ${key.partnerName}, ${key.advisorName}, ${idempotencyKey ?? null})
          RETURNING id`,
    );
    const inquiry = answer(row!.id, agent);
    if (idempotencyKey)
      await tx.execute(
        sql`UPDATE inquiries SET response = ${JSON.stringify(inquiry)}::jsonb WHERE id = ${row!.id}`,
      );
    return inquiry;
  };
  try {
    return { inquiry: await db.transaction((tx) => save(tx)), replayed: false };
  } catch (error) {
    // The same key sent twice at once: the second insert waited for the first and found it committed.
    const first = isUniqueViolation(error) ? await replayed(db, key, idempotencyKey) : null;
    if (first) return { inquiry: first, replayed: true };
    throw error;
  }
}

/**
 * A returning guest (same email, any case) keeps the agent of their latest inquiry made with this key;
 * otherwise the agents of the region take turns, a turn per key. Only a live inquiry moves the turn: a
 * test one sees who would be next. Nothing another key did shows in the answer
 * (docs/decisions.md#inquiry-agents): scoped to the partner's name, any key could ask whether an address
 * had inquired through another partner or advisor, and who handled it.
 */
async function chooseAgent(
  db: Db,
  key: ApiKey,
  email: string,
  regionId: number | null,
  advance: boolean,
): Promise<Agent> {
  const [previous] = await queryRows<Agent>(
    db,
    sql`SELECT a.id, a.first_name, a.last_name, a.email, a.phone, a.extension FROM inquiries i
        JOIN agents a ON a.id = i.agent_id AND a.active
        WHERE i.key_id = ${key.id} AND lower(i.email) = lower(${email})
        ORDER BY i.created_at DESC, i.id DESC LIMIT 1`,
  );
  if (previous) return previous;
  const regional = await queryRows<Agent>(
    db,
    sql`SELECT id, first_name, last_name, email, phone, extension FROM agents
        WHERE active AND (${regionId}::int IS NULL OR region_id = ${regionId}::int) ORDER BY id`,
  );
  const agents = regional.length
    ? regional
    : await queryRows<Agent>(
        db,
        sql`SELECT id, first_name, last_name, email, phone, extension FROM agents WHERE active ORDER BY id`,
      );
  if (agents.length === 0) throw new Error('No active reservations agent to assign.');
  const turnKey = `turn:${key.id}:${regionId ?? 'any'}`;
  const [turn] = await queryRows<{ n: number }>(
    db,
    advance
      ? sql`INSERT INTO service_state (key, value, updated_at) VALUES (${turnKey}, '{"n": 1}'::jsonb, now())
            ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('n', (service_state.value->>'n')::int + 1), updated_at = now()
            RETURNING (value->>'n')::int - 1 AS n`
      : sql`SELECT coalesce((SELECT (value->>'n')::int FROM service_state WHERE key = ${turnKey}), 0) AS n`,
  );
  return agents[(turn?.n ?? 0) % agents.length]!;
}

import 'server-only';
import {
  defaultAvailabilityEnd,
  getAvailabilityJson,
  getImagesJson,
  getRateSheetJson,
} from '@/lib/catalog-api/areas';
import { listChanges } from '@/lib/catalog-api/changes';
import { notFound, validationFailed } from '@/lib/catalog-api/http/errors';
import type { HandlerContext } from '@/lib/catalog-api/http/types';
import type { ChangesQuery, WindowQuery } from '@/lib/contract';
import { today } from '@/lib/dates';
import { pageOf } from './properties';

function found(json: string | null) {
  if (json === null) throw notFound('No such property.');
  return { json };
}

// GET /v2/properties/{id}/rates
export async function getRates({ db, key, params, query }: HandlerContext & { query: WindowQuery }) {
  const { from = today(), to = null } = query;
  return found(await getRateSheetJson(db, key, params.id!, from, to));
}

// GET /v2/properties/{id}/availability
export async function getAvailability({ db, key, params, query }: HandlerContext & { query: WindowQuery }) {
  const from = query.from ?? today();
  const to = query.to ?? defaultAvailabilityEnd(from);
  if (to < from) throw validationFailed({ to: 'must not be before from' });
  return found(await getAvailabilityJson(db, key, params.id!, from, to));
}

// GET /v2/properties/{id}/images
export async function getImages({ db, key, params }: HandlerContext) {
  return found(await getImagesJson(db, key, params.id!));
}

// GET /v2/properties/changes
export async function getChanges({ db, key, url, query }: HandlerContext & { query: ChangesQuery }) {
  const { itemsJson, total } = await listChanges(db, key, query);
  return { json: `{"changes":${itemsJson},"pagination":${JSON.stringify(pageOf(url, query, total))}}` };
}

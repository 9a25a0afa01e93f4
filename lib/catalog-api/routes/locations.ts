import 'server-only';
import type { HandlerContext } from '@/lib/catalog-api/http/types';
import { listLocationsJson } from '@/lib/catalog-api/locations';

// GET /v2/locations
export async function getLocations({ db, key }: HandlerContext) {
  return { json: await listLocationsJson(db, key) };
}

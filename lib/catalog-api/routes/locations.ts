import 'server-only';
import type { HandlerContext } from '../http/types';
import { listLocationsJson } from '../locations';

// GET /v2/locations
export async function getLocations({ db, key }: HandlerContext) {
  return { json: await listLocationsJson(db, key) };
}

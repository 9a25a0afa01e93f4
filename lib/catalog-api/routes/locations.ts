import type { HandlerContext } from '../http/types';
import { listLocations } from '../locations';

// GET /v2/locations
export async function getLocations({ db, key }: HandlerContext) {
  return { body: { locations: await listLocations(db, key) } };
}

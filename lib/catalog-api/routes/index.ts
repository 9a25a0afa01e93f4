import type { Route } from '../http/router';
import { getLocations } from './locations';
import { getProperties, getProperty } from './properties';

/** Every route the service serves below `/v2`: the router, the 405 `Allow` lists and the OpenAPI test read this. */
export const routes: readonly Route[] = [
  { path: '/properties', methods: { GET: { scope: 'properties:read', run: getProperties } } },
  { path: '/properties/{id}', methods: { GET: { scope: 'properties:read', run: getProperty } } },
  { path: '/locations', methods: { GET: { scope: 'locations:read', run: getLocations } } },
];

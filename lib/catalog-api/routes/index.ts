import 'server-only';
import type { Route } from '../http/router';
import { getAvailability, getChanges, getImages, getRates } from './areas';
import { postInquiry } from './inquiries';
import { getLocations } from './locations';
import { getOpenApi } from './openapi';
import { getProperties, getProperty } from './properties';
import { getQuote } from './quote';

/** Every route the service serves below `/v2`: the router, the 405 `Allow` lists and the OpenAPI test read this. */
export const routes: readonly Route[] = [
  { path: '/properties', methods: { GET: { scope: 'properties:read', run: getProperties } } },
  { path: '/properties/changes', methods: { GET: { scope: 'properties:read', run: getChanges } } },
  { path: '/properties/{id}', methods: { GET: { scope: 'properties:read', run: getProperty } } },
  { path: '/properties/{id}/rates', methods: { GET: { scope: 'properties:read', run: getRates } } },
  {
    path: '/properties/{id}/availability',
    methods: { GET: { scope: 'properties:read', run: getAvailability } },
  },
  { path: '/properties/{id}/images', methods: { GET: { scope: 'properties:read', run: getImages } } },
  { path: '/properties/{id}/quote', methods: { GET: { scope: 'properties:read', run: getQuote } } },
  { path: '/locations', methods: { GET: { scope: 'locations:read', run: getLocations } } },
  {
    path: '/inquiries',
    methods: { POST: { scope: 'inquiries:write', inquiryLimit: true, run: postInquiry } },
  },
  { path: '/openapi.json', methods: { GET: { scope: 'public', run: getOpenApi } } },
];

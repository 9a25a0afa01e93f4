import 'server-only';
import { z } from 'zod';
import { get, post, type Route } from '@/lib/catalog-api/http/router';
import { openApiDocumentOf } from '@/lib/catalog-api/openapi';
import {
  catalogQuerySchema,
  changesQuerySchema,
  inquiryRequestSchema,
  quoteQuerySchema,
  strict,
  windowQuerySchema,
} from '@/lib/contract';
import { getAvailability, getChanges, getImages, getRates } from './areas';
import { postInquiry } from './inquiries';
import { getLocations } from './locations';
import { getProperties, getProperty } from './properties';
import { getQuote } from './quote';

/** For routes that take no query parameters (any sent are ignored, as for every route). */
const noQuery = z.object({});

const READ_ERRORS = [400, 401, 403, 429, 500] as const;
const PROPERTY_ERRORS = [400, 401, 403, 404, 429, 500] as const;
const PROPERTY_NO_QUERY_ERRORS = [401, 403, 404, 429, 500] as const;

/**
 * The one table of the service's routes below `/v2`. The pipeline (http/handle.ts) routes, authorises and
 * parses inputs by it; the 405 `Allow` lists and the OpenAPI document (openapi.ts) are read from it. A route
 * is one row: add it here, and it is served, checked and documented.
 */
export const routes: readonly Route[] = [
  get({
    path: '/properties',
    scope: 'properties:read',
    summary: 'Page through the catalog of live properties',
    description:
      'Filters combine; `checkin` and `checkout` come together and keep properties free for the whole stay.',
    query: catalogQuerySchema,
    response: strict.catalogPage,
    errors: READ_ERRORS,
    run: getProperties,
  }),
  get({
    path: '/properties/changes',
    scope: 'properties:read',
    summary: 'Change feed for incremental sync',
    description:
      'Poll at most hourly with `since` = the start of your previous run. Removed properties appear only with `since`.',
    query: changesQuerySchema,
    response: strict.changesPage,
    errors: READ_ERRORS,
    run: getChanges,
  }),
  get({
    path: '/properties/{id}',
    scope: 'properties:read',
    summary: 'Full property content',
    query: noQuery,
    response: strict.propertyDetail,
    errors: PROPERTY_NO_QUERY_ERRORS,
    run: getProperty,
  }),
  get({
    path: '/properties/{id}/rates',
    scope: 'properties:read',
    summary: 'Rate periods, default rate, fees, taxes and notes',
    query: windowQuerySchema,
    response: strict.rateSheet,
    errors: PROPERTY_ERRORS,
    run: getRates,
  }),
  get({
    path: '/properties/{id}/availability',
    scope: 'properties:read',
    summary: 'Booked ranges (bookings and holds) in a window',
    query: windowQuerySchema,
    response: strict.availability,
    errors: PROPERTY_ERRORS,
    run: getAvailability,
  }),
  get({
    path: '/properties/{id}/images',
    scope: 'properties:read',
    summary: 'Photos in display order; the first is the cover',
    query: noQuery,
    response: strict.propertyImages,
    errors: PROPERTY_NO_QUERY_ERRORS,
    run: getImages,
  }),
  get({
    path: '/properties/{id}/quote',
    scope: 'properties:read',
    summary: 'Authoritative price of a stay',
    description: 'Property rules (minimum stay, capacity) answer 400 `invalid_request` with a plain message.',
    query: quoteQuerySchema,
    response: strict.quote,
    errors: PROPERTY_ERRORS,
    run: getQuote,
  }),
  get({
    path: '/locations',
    scope: 'locations:read',
    summary: 'Every location with live properties beneath it (refresh daily)',
    query: noQuery,
    response: strict.locationCatalog,
    errors: [401, 403, 429, 500],
    run: getLocations,
  }),
  post({
    path: '/inquiries',
    scope: 'inquiries:write',
    inquiryLimit: true,
    summary: 'Send an inquiry to a reservations agent',
    description:
      'Exactly one of `property_id` and `destination`. With a test key the inquiry is validated and answered with `test: true`, and nothing is created. A 429 never creates anything.',
    body: inquiryRequestSchema,
    response: strict.inquiry,
    status: 201,
    errors: [...READ_ERRORS, 415],
    run: postInquiry,
  }),
  get({
    path: '/openapi.json',
    scope: 'public',
    summary: 'This document (no key needed)',
    query: noQuery,
    errors: [],
    // The document describes this table, this route included (docs/decisions.md#the-openapi-document).
    run: async () => ({ body: openApiDocumentOf(routes) }),
  }),
];

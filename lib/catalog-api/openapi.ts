import 'server-only';
import { z } from 'zod';
import {
  catalogQuerySchema,
  changesQuerySchema,
  ERROR_CODES,
  errorBodySchema,
  inquiryRequestSchema,
  quoteQuerySchema,
  strict,
  windowQuerySchema,
} from '@/lib/contract';
import { settings } from '../settings';
import { routes } from './routes';

/*
 * The OpenAPI 3.1 document of the service, generated from lib/contract's zod schemas (JSON Schema 2020-12,
 * as OpenAPI 3.1 uses) and from the route table the router serves. Nothing here restates a field by hand.
 */

type Json = Record<string, unknown>;

/** zod → JSON Schema, minus the noise a reader does not need (safe-integer bounds, $schema, closed objects). */
function schema(s: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const json = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  return tidy(json) as Json;
}

function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'minimum' || k === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
      // Responses may gain fields within a version; clients ignore what they do not know.
      if (k === 'additionalProperties' && v === false) continue;
      out[k] = tidy(v);
    }
    return out;
  }
  return value;
}

const COMPONENTS = {
  PropertySummary: strict.propertySummary,
  PropertyDetail: strict.propertyDetail,
  CatalogPage: strict.catalogPage,
  ChangesPage: strict.changesPage,
  RateSheet: strict.rateSheet,
  Availability: strict.availability,
  PropertyImages: strict.propertyImages,
  Quote: strict.quote,
  LocationCatalog: strict.locationCatalog,
  Inquiry: strict.inquiry,
  Error: errorBodySchema,
} satisfies Record<string, z.ZodType>;

interface Operation {
  summary: string;
  description?: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: keyof typeof COMPONENTS;
  status?: number;
  errors: number[];
}

/** What each served route takes and answers; the route table decides which exist. */
const OPERATIONS: Record<string, Operation> = {
  'GET /properties': {
    summary: 'Page through the catalog of live properties',
    description:
      'Filters combine; `checkin` and `checkout` come together and keep properties free for the whole stay.',
    query: catalogQuerySchema,
    response: 'CatalogPage',
    errors: [400, 401, 403, 429, 500],
  },
  'GET /properties/changes': {
    summary: 'Change feed for incremental sync',
    description:
      'Poll at most hourly with `since` = the start of your previous run. Removed properties appear only with `since`.',
    query: changesQuerySchema,
    response: 'ChangesPage',
    errors: [400, 401, 403, 429, 500],
  },
  'GET /properties/{id}': {
    summary: 'Full property content',
    response: 'PropertyDetail',
    errors: [401, 403, 404, 429, 500],
  },
  'GET /properties/{id}/rates': {
    summary: 'Rate periods, default rate, fees, taxes and notes',
    query: windowQuerySchema,
    response: 'RateSheet',
    errors: [400, 401, 403, 404, 429, 500],
  },
  'GET /properties/{id}/availability': {
    summary: 'Booked ranges (bookings and holds) in a window',
    query: windowQuerySchema,
    response: 'Availability',
    errors: [400, 401, 403, 404, 429, 500],
  },
  'GET /properties/{id}/images': {
    summary: 'Photos in display order; the first is the cover',
    response: 'PropertyImages',
    errors: [401, 403, 404, 429, 500],
  },
  'GET /properties/{id}/quote': {
    summary: 'Authoritative price of a stay',
    description: 'Property rules (minimum stay, capacity) answer 400 `invalid_request` with a plain message.',
    query: quoteQuerySchema('2000-01-01'),
    response: 'Quote',
    errors: [400, 401, 403, 404, 429, 500],
  },
  'GET /locations': {
    summary: 'Every location with live properties beneath it (refresh daily)',
    response: 'LocationCatalog',
    errors: [401, 403, 429, 500],
  },
  'POST /inquiries': {
    summary: 'Send an inquiry to a reservations agent',
    description:
      'Exactly one of `property_id` and `destination`. With a test key the inquiry is validated and answered with `test: true`, and nothing is created. A 429 never creates anything.',
    body: inquiryRequestSchema('2000-01-01'),
    response: 'Inquiry',
    status: 201,
    errors: [400, 401, 403, 429, 500],
  },
  'GET /openapi.json': {
    summary: 'This document (no key needed)',
    response: 'Error',
    errors: [],
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: '`validation_failed` (with `error.validation`, every field at once) or `invalid_request`',
  401: '`unauthorized`: missing or unknown key',
  403: '`forbidden`: the key lacks the scope',
  404: '`not_found`: unknown, unpublished or not allowed for this key',
  429: '`rate_limited`: wait `Retry-After` seconds',
  500: '`internal_error`',
};

export function operationKey(method: string, path: string): string {
  return `${method} ${path}`;
}

export function openApiDocument(): Json {
  const s = settings();
  const token = `X-${s.SVC_SHORT_NAME}-API-TOKEN`;
  const paths: Json = {};
  for (const route of routes) {
    for (const method of Object.keys(route.methods)) {
      const op = OPERATIONS[operationKey(method, route.path)];
      if (!op) throw new Error(`No OpenAPI description for ${method} ${route.path}`);
      const parameters: Json[] = [];
      if (route.path.includes('{id}')) {
        parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
      }
      for (const [name, field] of Object.entries(op.query?.shape ?? {})) {
        const required = !(field as z.ZodType).safeParse(undefined).success;
        parameters.push({ name, in: 'query', required, schema: schema(field as z.ZodType) });
      }
      const isPublic = route.methods[method as 'GET']?.scope === 'public';
      const responses: Json = {
        [String(op.status ?? 200)]: {
          description: 'Success',
          content: {
            'application/json': {
              schema: isPublic ? { type: 'object' } : { $ref: `#/components/schemas/${op.response}` },
            },
          },
        },
      };
      for (const status of op.errors) {
        responses[String(status)] = {
          description: ERROR_TEXT[status],
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          ...(status === 429
            ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } }
            : {}),
        };
      }
      paths[route.path] = {
        ...(paths[route.path] as Json | undefined),
        [method.toLowerCase()]: {
          summary: op.summary,
          ...(op.description ? { description: op.description } : {}),
          operationId: `${method.toLowerCase()}${route.path
            .replace(/[{}]/g, '')
            .replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())
            .replace(/\W/g, '')}`,
          ...(isPublic ? { security: [] } : {}),
          parameters,
          ...(op.body
            ? {
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: schema(op.body, 'input') } },
                },
              }
            : {}),
          responses,
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Rental Catalog API',
      version: '1.0.0',
      description: [
        'Catalog, rates, availability, photos, quotes, a change feed, a location catalog and inquiries.',
        `Every request carries \`${token}\`. Test keys (\`svc_test_\`) see the real catalog; their inquiries are checked, never created.`,
        `Every response carries \`X-Request-Id\` and \`X-${s.SVC_SHORT_NAME}-Mode\`. Error codes: ${ERROR_CODES.join(', ')}.`,
        'Dates are YYYY-MM-DD; instants ISO 8601 in UTC. Clients ignore unknown fields and tolerate unknown enum values.',
      ].join('\n\n'),
    },
    servers: [{ url: s.serviceBaseUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: token } },
      schemas: Object.fromEntries(Object.entries(COMPONENTS).map(([name, z]) => [name, schema(z)])),
    },
  };
}

import 'server-only';
import { z } from 'zod';
import { ERROR_CODES, errorBodySchema, strict } from '@/lib/contract';
import { settings } from '@/lib/settings';
import { onDay, type Route } from './http/router';

/*
 * The OpenAPI 3.1 document of the service, generated from lib/contract's zod schemas (JSON Schema 2020-12,
 * as OpenAPI 3.1 uses) and by walking the route table (routes/index.ts) the pipeline serves: each route's path, method, scope,
 * query or body, answer and words. Nothing here restates a route or a field by hand.
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

/** The resources the document names; a route's `response` must be one of these schemas. */
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

const COMPONENT_NAME = new Map<z.ZodType, string>(Object.entries(COMPONENTS).map(([name, s]) => [s, name]));

/** Rules that depend on today's date are described as of a fixed day: the rule's words do not change. */
const DESCRIBED_ON = '2000-01-01';

const ERROR_TEXT: Record<number, string> = {
  400: '`validation_failed` (with `error.validation`, every field at once) or `invalid_request`',
  401: '`unauthorized`: missing or unknown key',
  403: '`forbidden`: the key lacks the scope',
  404: '`not_found`: unknown, unpublished or not allowed for this key',
  415: '`invalid_request`: the body is JSON in another charset than UTF-8',
  429: '`rate_limited`: wait `Retry-After` seconds',
  500: '`internal_error`',
};

function responseSchema(route: Route): Json {
  if (!route.response) return { type: 'object' };
  const name = COMPONENT_NAME.get(route.response);
  if (!name) throw new Error(`${route.method} ${route.path} answers a schema the document does not name`);
  return { $ref: `#/components/schemas/${name}` };
}

function operation(route: Route): Json {
  const parameters: Json[] = [];
  if (route.path.includes('{id}')) {
    parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
  }
  const query = route.query ? onDay(route.query, DESCRIBED_ON) : undefined;
  for (const [name, field] of Object.entries(query?.shape ?? {})) {
    const required = !field.safeParse(undefined).success;
    parameters.push({ name, in: 'query', required, schema: schema(field) });
  }
  const responses: Json = {
    [String(route.status ?? 200)]: {
      description: 'Success',
      content: { 'application/json': { schema: responseSchema(route) } },
    },
  };
  for (const status of route.errors) {
    responses[String(status)] = {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } } : {}),
    };
  }
  const method = route.method.toLowerCase();
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: `${method}${route.path
      .replace(/[{}]/g, '')
      .replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())
      .replace(/\W/g, '')}`,
    ...(route.scope === 'public' ? { security: [] } : {}),
    parameters,
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(onDay(route.body, DESCRIBED_ON), 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the routes given: the service's route table (routes/index.ts). */
export function openApiDocumentOf(routes: readonly Route[]): Json {
  const s = settings();
  const token = `X-${s.SVC_SHORT_NAME}-API-TOKEN`;
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route) };
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

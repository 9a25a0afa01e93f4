/**
 * lib/contract — the Partner Rental Catalog API v2 as zod schemas: resources (strict for the service and
 * its tests, tolerant for the client), query parameters, the inquiry body and the error body.
 * One source of truth for the service, the client, the forms and the OpenAPI document.
 * Imports nothing from the rest of the app.
 */
export * from './days';
export * from './errors';
export * from './inquiry';
export * from './limits';
export * from './params';
export * from './primitives';
export * from './resources';

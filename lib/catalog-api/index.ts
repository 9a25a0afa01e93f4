import 'server-only';

/**
 * lib/catalog-api — the built-in Partner Rental Catalog API v2 (served at /v2 and /cdn): database and
 * migrations (db/), keys and limits, the HTTP pipeline (http/), one module per area, the writers that keep
 * area times true, the read model, pricing, inquiries, catalog activity, the demo catalog's seeding
 * (seed.ts) and the photo CDN (cdn.ts). Server-only. It imports lib/contract, lib/rules, lib/dates, the
 * shared server plumbing (settings, logger, db, limits) and the sandbox's content (lib/sandbox: the demo
 * catalog's generator; its photo drawing for the CDN only), never lib/site or lib/catalog-client; the
 * partner site never imports it (its only path to catalog data is HTTP through lib/catalog-client).
 *
 * This file is its face: outside the folder, only app/v2, the API reference page and instrumentation.ts
 * import the service, and only from here; app/cdn imports its second face, cdn.ts (the photo CDN, which alone
 * loads the photos' drawing) (docs/architecture.md, checked by
 * `npm run check:imports`). Tests and scripts drive it from outside and may reach further in.
 */
export { startCatalogActivity } from './activity';
export { ensureDatabase } from './bootstrap';
export { getDb } from './db/client';
export { handleRequest } from './http/handle';
export { ensureSiteKey } from './site-key';

import { openApiDocumentOf } from './openapi';
import { routes } from './routes';

/** The service's OpenAPI 3.1 document, generated from its route table. */
export const openApiDocument = () => openApiDocumentOf(routes);

/**
 * lib/catalog-api — the built-in Partner Rental Catalog API v2 (served at /v2 and /cdn): database and
 * migrations (db/), demo catalog (demo/), keys and limits, the HTTP pipeline (http/), one module per area,
 * the writers that keep area times true, the read model, pricing, inquiries, catalog activity and the photo
 * CDN (cdn/). Server-only. It may import lib/contract and lib/settings; the partner site never imports it
 * (its only path to catalog data is HTTP through lib/catalog-client).
 */
export { ensureDatabase } from './bootstrap';
export { servePhoto } from './cdn/photos';
export { handleRequest } from './http/handle';
export { openApiDocument } from './openapi';

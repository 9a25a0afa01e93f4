import 'server-only';

/*
 * lib/sandbox — what makes the built-in service a sandbox rather than an empty API: the demo catalog it is
 * filled with (demo/: one function per table, every row drawn from one random stream) and the photos its
 * CDN draws (photos/: each photo a scene, drawn as SVG; the CDN renders it). Content, not the API. The
 * service (lib/catalog-api) fills its tables from the generator (seed.ts), moves the catalog with the same
 * random stream (activity.ts) and, for /cdn only, draws photos (cdn.ts, through photos/index.ts).
 *
 * Imports lib/contract, lib/rules, lib/dates and the service's table types only. Outside this folder it is
 * named through this face and photos/index.ts, and nothing but the CDN names the drawing: the /v2 request
 * path never loads it (docs/architecture.md, checked by `npm run check:imports`).
 */
export { demoCatalogBatches, generateDemoCatalog } from './demo/generate';
export { Random } from './demo/random';
export type { DemoCatalog, GenerateOptions } from './demo/types';

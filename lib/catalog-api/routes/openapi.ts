import 'server-only';
import { openApiDocument } from '../openapi';

// GET /v2/openapi.json (public)
export async function getOpenApi() {
  return { body: openApiDocument() };
}

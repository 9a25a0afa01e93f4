import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { routes } from '@/lib/catalog-api/routes';
import { addDays, today } from '@/lib/dates';
import { api, DEMO_KEYS, rows, setupService } from './service';

const service = setupService({ properties: 120, seed: 4 });

async function documentAndValidator() {
  const res = await api('/openapi.json', { key: null });
  expect(res.status).toBe(200);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const doc = res.body;
  const validate = (component: string, value: unknown) => {
    const check = ajv.compile(doc.components.schemas[component]);
    const ok = check(value);
    return ok ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
  return { doc, validate };
}

describe('GET /openapi.json', () => {
  it('is public, OpenAPI 3.1, with the key header as its security scheme', async () => {
    const { doc } = await documentAndValidator();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-SVC-API-TOKEN',
    });
    expect(doc.servers[0].url).toBe('http://localhost:3000/v2');
  });

  it('documents every route and method the service serves, and nothing it does not', async () => {
    const { doc } = await documentAndValidator();
    const served = routes.map((r) => `${r.method.toLowerCase()} ${r.path}`).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`))
      .sort();
    expect(documented).toEqual(served);
    const catalogParams = doc.paths['/properties'].get.parameters.map((p: any) => p.name).sort();
    expect(catalogParams).toEqual([
      'checkin',
      'checkout',
      'guests',
      'location',
      'page',
      'per_page',
      'rooms',
      'sort',
      'updated_since',
    ]);
    expect(
      doc.paths['/properties/{id}/quote'].get.parameters
        .filter((p: any) => p.required)
        .map((p: any) => p.name)
        .sort(),
    ).toEqual(['checkin', 'checkout', 'id']);
  });

  it('describes real responses: samples from every endpoint validate against the document', async () => {
    const { validate } = await documentAndValidator();
    const [p] = await rows<{ id: number }>(
      service.db,
      sql`SELECT id FROM properties p WHERE status = 'live' AND NOT price_on_request
          AND EXISTS (SELECT 1 FROM images WHERE property_id = p.id) ORDER BY id LIMIT 1`,
    );
    const id = p!.id;
    const checkin = addDays(today(), 200);
    const samples: [string, string, unknown][] = [
      ['CatalogPage', '/properties?per_page=20', null],
      ['ChangesPage', '/properties/changes?since=2000-01-01T00:00:00Z&per_page=1000', null],
      ['PropertyDetail', `/properties/${id}`, null],
      ['RateSheet', `/properties/${id}/rates`, null],
      ['Availability', `/properties/${id}/availability`, null],
      ['PropertyImages', `/properties/${id}/images`, null],
      ['Quote', `/properties/${id}/quote?checkin=${checkin}&checkout=${addDays(checkin, 14)}&adults=1`, null],
      ['LocationCatalog', '/locations', null],
      ['Error', '/properties?page=0', null],
    ];
    for (const [component, path] of samples) {
      const res = await api(path);
      expect({ path, errors: validate(component, res.body) }).toEqual({ path, errors: [] });
    }
    const inquiry = await api('/inquiries', {
      method: 'POST',
      key: DEMO_KEYS.testFull,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        destination: { name: 'Anywhere sunny' },
        stay: { checkin, checkout: addDays(checkin, 7) },
        contact: { first_name: 'A', last_name: 'B', email: 'a@example.com' },
      }),
    });
    expect(validate('Inquiry', inquiry.body)).toEqual([]);
  });

  it('would catch a response that breaks it', async () => {
    const { validate } = await documentAndValidator();
    const page = (await api('/properties?per_page=1')).body;
    page.properties[0].bedrooms = 'three';
    expect(validate('CatalogPage', page).length).toBeGreaterThan(0);
  });
});

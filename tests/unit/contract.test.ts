import { describe, expect, it } from 'vitest';
import {
  catalogQuerySchema,
  inquiryRequestSchema,
  isCalendarDate,
  parseQuery,
  quoteQuerySchema,
  strict,
  tolerant,
  windowQuerySchema,
} from '@/lib/contract';

const summary = {
  id: 1,
  name: 'Villa',
  type: 'villa',
  url: 'https://example.com/properties/1',
  updated_at: '2026-01-01T00:00:00Z',
  updated: { content: null, rates: '2026-01-01T00:00:00Z', availability: null, images: null },
  bedrooms: 3,
  bathrooms: 2,
  sleeps: 6,
  rating: null,
  latitude: null,
  longitude: null,
  location: {
    id: 4,
    name: 'Lucca',
    path: ['Europe', 'Italy', 'Tuscany', 'Lucca'],
    url: 'https://example.com/d/4',
  },
  image: null,
};

describe('resource schemas', () => {
  it('lets the client ignore unknown fields and keep unknown enum values, while the strict schema refuses them', () => {
    const future = { ...summary, type: 'treehouse', brand_new_field: { x: 1 } };
    const parsed = tolerant.propertySummary.parse(future);
    expect(parsed.type).toBe('treehouse');
    expect('brand_new_field' in parsed).toBe(false);
    expect(strict.propertySummary.safeParse(future).success).toBe(false);
    expect(strict.propertySummary.safeParse(summary).success).toBe(true);
  });

  it('still fails the client on a changed type, which the spec calls a breaking change', () => {
    expect(tolerant.propertySummary.safeParse({ ...summary, bedrooms: 'three' }).success).toBe(false);
  });
});

describe('query parameters', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('applies the defaults of section 4', () => {
    expect(parseQuery(catalogQuerySchema, q(''))).toEqual({
      ok: true,
      value: { page: 1, per_page: 50, sort: 'id' },
    });
  });

  it('refuses calendar days that do not exist', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('2027-1-01')).toBe(false);
  });

  it('refuses a window whose end is before its start', () => {
    expect(parseQuery(windowQuerySchema, q('from=2027-01-10&to=2027-01-09'))).toEqual({
      ok: false,
      errors: { to: 'must not be before from' },
    });
    expect(parseQuery(windowQuerySchema, q('from=2027-01-10&to=2027-01-10')).ok).toBe(true);
  });

  it('checks a quote stay against today, and every rule at once', () => {
    const schema = quoteQuerySchema('2026-11-21');
    expect(parseQuery(schema, q('checkin=2026-11-20&checkout=2026-11-19&adults=0&children=51'))).toEqual({
      ok: false,
      errors: {
        checkin: 'must be today or later',
        checkout: 'must be after checkin',
        adults: 'must be between 1 and 50',
        children: 'must be between 0 and 50',
      },
    });
    expect(parseQuery(schema, q(''))).toEqual({
      ok: false,
      errors: { checkin: 'is required', checkout: 'is required' },
    });
    expect(parseQuery(schema, q('checkin=2026-11-21&checkout=2026-11-22')).ok).toBe(true);
  });
});

describe('inquiry request', () => {
  const schema = inquiryRequestSchema('2026-11-21');
  const valid = {
    property_id: 1002,
    stay: { checkin: '2026-12-01', checkout: '2026-12-08' },
    contact: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
  };
  const errors = (body: unknown) => {
    const r = schema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a minimal property inquiry and fills the guest defaults', () => {
    const r = schema.parse(valid);
    expect(r.stay.guests).toEqual({ adults: 2, children: 0 });
  });

  it('wants exactly one of property_id and destination', () => {
    const { property_id: _, ...neither } = valid;
    expect(errors(neither)).toMatchObject({
      property_id: expect.any(String),
      destination: expect.any(String),
    });
    expect(errors({ ...valid, destination: { id: 4 } })).toMatchObject({
      property_id: expect.any(String),
      destination: expect.any(String),
    });
    expect(errors({ ...neither, destination: { name: 'Somewhere warm' } })).toEqual({});
  });

  it('reports every field problem at once by dotted path', () => {
    const e = errors({
      ...valid,
      stay: { checkin: '2026-11-20', checkout: '2026-11-19', guests: { adults: 0, children: 51 } },
      contact: { first_name: '', last_name: 'x'.repeat(101), email: 'not-an-email', phone: '1'.repeat(51) },
      message: 'm'.repeat(5001),
      reference: 'r'.repeat(256),
      budget: { min: 500, max: 100 },
    });
    expect(e).toEqual({
      'stay.checkin': 'must be today or later',
      'stay.checkout': 'must be after stay.checkin',
      'stay.guests.adults': 'must be between 1 and 50',
      'stay.guests.children': 'must be between 0 and 50',
      'contact.first_name': 'is required',
      'contact.last_name': 'must be at most 100 characters',
      'contact.email': 'must be a valid email address',
      'contact.phone': 'must be at most 50 characters',
      message: 'must be at most 5000 characters',
      reference: 'must be at most 255 characters',
      'budget.max': 'must not be below budget.min',
    });
  });
});

import { z } from 'zod';
import { utcDate } from './days';

/** `YYYY-MM-DD` that names a real calendar day (2026-02-30 is refused). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = utcDate(y, m - 1, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export const dateString = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .refine(isCalendarDate, { error: 'must be a date (YYYY-MM-DD)' })
  .meta({ format: 'date' });

/** ISO 8601 instant with `Z` or an offset, seconds required. */
export const dateTimeString = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

export type SchemaMode = 'strict' | 'tolerant';

/**
 * Enumerations in responses are open: the spec lets the vendor add values within a version, so the
 * tolerant (client) side keeps an unknown value as a plain string instead of failing the whole response.
 */
export function enumOf<const T extends readonly [string, ...string[]]>(mode: SchemaMode, values: T) {
  return mode === 'strict' ? z.enum(values) : z.union([z.enum(values), z.string()]);
}

/** Objects: the service's own tests forbid unknown keys; the client ignores them (additive versioning). */
export function objectOf<S extends z.ZodRawShape>(mode: SchemaMode, shape: S) {
  return mode === 'strict' ? z.strictObject(shape) : z.object(shape);
}

/**
 * A rule across fields (checkout after checkin, budget max over min) that runs even when some field has
 * already failed, so that every problem is reported in one response as docs/decisions.md#the-error-body asks. zod skips
 * object-level checks after a field's issue unless told otherwise; the rule must cope with raw values.
 */
export function crossField(rule: (ctx: z.core.ParsePayload<unknown>) => void) {
  return z.superRefine((_value: unknown, ctx) => rule(ctx), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}

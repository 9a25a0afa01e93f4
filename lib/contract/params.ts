import { z } from 'zod';
import { utcToday } from './days';
import type { FieldErrors } from './errors';
import { checkStayBounds, PARTY_MAX } from './limits';
import { crossField, dateString, dateTimeString, isCalendarDate } from './primitives';

/** What an `integer` column holds: larger numbers are refused as the field's problem, not a database error. */
export const INT32_MAX = 2_147_483_647;

/** A query parameter holding an integer, optionally within a range; the message names the rule. */
export function intParam(min = -INT32_MAX, max = INT32_MAX) {
  const messages = integerMessages(min, max);
  return z
    .string()
    .regex(/^-?\d{1,10}$/, { error: messages.notInteger })
    .transform(Number)
    .pipe(z.int().min(min, { error: messages.range }).max(max, { error: messages.range }));
}

/** "must be between 1 and 200", and for a non-number "must be an integer (between 1 and 200)". */
export function integerMessages(min: number, max: number = INT32_MAX) {
  const bounds =
    min === -INT32_MAX ? '' : max === INT32_MAX ? `at least ${min}` : `between ${min} and ${max}`;
  return {
    range: bounds ? `must be ${bounds}` : 'must be an integer',
    notInteger: bounds ? `must be an integer (${bounds})` : 'must be an integer',
  };
}

export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

export const dateParam = dateString;
export const dateTimeParam = dateTimeString;

export const CATALOG_SORTS = [
  'id',
  '-id',
  'bedrooms',
  '-bedrooms',
  'sleeps',
  '-sleeps',
  'updated',
  '-updated',
] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

type Values = Record<string, unknown>;

/**
 * Schemas whose rules depend on today's date, built once per date: zod compiles a schema on its first
 * parse, so building one per request would pay that every time.
 */
export function perDay<T>(build: (today: string) => T): (today: string) => T {
  let day = '';
  let built: T | undefined;
  return (today) => {
    if (today !== day || built === undefined) {
      built = build(today);
      day = today;
    }
    return built;
  };
}
const validDate = (v: unknown): v is string => typeof v === 'string' && isCalendarDate(v);

/**
 * `checkin`/`checkout` pairs: both or neither, the second strictly after the first, and within the longest
 * stay and the furthest check-in (limits.ts).
 */
function checkStayPair(
  value: Values,
  issues: z.core.$ZodRawIssue[],
  first: string,
  second: string,
  both: boolean,
  today: string,
) {
  const a = value[first];
  const b = value[second];
  if (both && a === undefined && b !== undefined)
    issues.push(custom(first, `is required with ${second}`, value));
  if (both && b === undefined && a !== undefined)
    issues.push(custom(second, `is required with ${first}`, value));
  if (validDate(a) && validDate(b) && b <= a) issues.push(custom(second, `must be after ${first}`, value));
  if (validDate(a))
    checkStayBounds(
      (path, message) => issues.push(custom(path, message, value)),
      today,
      a,
      validDate(b) ? b : undefined,
      { checkin: first, checkout: second },
    );
}

function custom(path: string, message: string, input: unknown): z.core.$ZodRawIssue {
  return { code: 'custom', path: path.split('.'), message, input };
}

// GET /properties
export const catalogQuerySchema = z
  .object({
    page: intParam(1).default(1),
    per_page: intParam(1, 200).default(50),
    updated_since: dateTimeParam.optional(),
    location: intParam().optional(),
    sort: enumParam(CATALOG_SORTS).default('id'),
    checkin: dateParam.optional(),
    checkout: dateParam.optional(),
    guests: intParam(1, PARTY_MAX.guests).optional(),
    rooms: intParam(1, PARTY_MAX.rooms).optional(),
  })
  .check(
    crossField((ctx) =>
      checkStayPair(ctx.value as Values, ctx.issues, 'checkin', 'checkout', true, utcToday()),
    ),
  );
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

// GET /properties/changes
export const changesQuerySchema = z.object({
  since: dateTimeParam.optional(),
  page: intParam(1).default(1),
  per_page: intParam(1, 1000).default(500),
});
export type ChangesQuery = z.infer<typeof changesQuerySchema>;

/** `from`/`to` windows of /rates and /availability: `to` may not be before `from`. */
export const windowQuerySchema = z.object({ from: dateParam.optional(), to: dateParam.optional() }).check(
  crossField((ctx) => {
    const { from, to } = ctx.value as Values;
    if (validDate(from) && validDate(to) && to < from)
      ctx.issues.push(custom('to', 'must not be before from', ctx.value));
  }),
);
export type WindowQuery = z.infer<typeof windowQuerySchema>;

const requiredDate = z.string({ error: 'is required' }).pipe(dateString);

// GET /properties/{id}/quote. `today` is the service's current date (UTC), so the rule is testable.
export const quoteQuerySchema = perDay((today: string) =>
  z
    .object({
      checkin: requiredDate,
      checkout: requiredDate,
      adults: intParam(1, 50).default(2),
      children: intParam(0, 50).default(0),
      bedrooms: intParam(1, 50).optional(),
    })
    .check(
      crossField((ctx) => {
        const { checkin } = ctx.value as Values;
        if (validDate(checkin) && checkin < today)
          ctx.issues.push(custom('checkin', 'must be today or later', ctx.value));
        checkStayPair(ctx.value as Values, ctx.issues, 'checkin', 'checkout', false, today);
      }),
    ),
);
export type QuoteQuery = z.infer<ReturnType<typeof quoteQuerySchema>>;

/** Turns zod issues into the API's field map: dotted paths, the first message per field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(body)';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Reads query parameters the way docs/decisions.md#query-parameters says: only the keys the schema knows (others are ignored),
 * and the first value when a key is given twice.
 */
export function parseQuery<T extends z.ZodObject>(
  schema: T,
  params: URLSearchParams,
): { ok: true; value: z.infer<T> } | { ok: false; errors: FieldErrors } {
  const shape = schema.shape;
  const input: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

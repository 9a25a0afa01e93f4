import { z } from 'zod';
import { checkStayBounds, isPlainText } from './limits';
import { INT32_MAX, integerMessages, perDay } from './params';
import { crossField, dateString, isCalendarDate } from './primitives';

/** Section 8's limits for inquiry fields: the service, the client and the forms all use these. */
export const INQUIRY_LIMITS = {
  firstName: 100,
  lastName: 100,
  phone: 50,
  destinationName: 200,
  message: 5000,
  reference: 255,
  guests: { adults: { min: 1, max: 50 }, children: { min: 0, max: 50 } },
} as const;

const required = (what = 'is required') => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? what : undefined,
});

const NOT_TEXT = { error: 'must not contain control characters or broken text' };

const text = (max: number) =>
  z
    .string(required())
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => isPlainText(v), NOT_TEXT);

const optionalText = (max: number, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: 'must be a string' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => isPlainText(v, lines), NOT_TEXT)
    .nullish()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? undefined : v));

/** Every integer is bounded, by the field's rule or by what its column holds (integer, 32 bits). */
const int = (min: number, max: number = INT32_MAX) => {
  const messages = integerMessages(min, max);
  return z
    .int({ error: messages.notInteger })
    .min(min, { error: messages.range })
    .max(max, { error: messages.range });
};

const validDate = (v: unknown): v is string => typeof v === 'string' && isCalendarDate(v);

/**
 * InquiryRequest (section 2) with every rule of the spec and docs/decisions.md#property-or-destination. `today` is the date the
 * checkin is compared with: the service's UTC date on the server, the traveller's local date in a form.
 */
export const inquiryRequestSchema = perDay((today: string) =>
  z
    .object({
      property_id: int(1).nullish(),
      destination: z
        .object({
          id: int(1).nullish(),
          name: optionalText(INQUIRY_LIMITS.destinationName),
        })
        .nullish(),
      stay: z.object(
        {
          checkin: z.string(required()).pipe(dateString),
          checkout: z.string(required()).pipe(dateString),
          guests: z
            .object({
              adults: int(INQUIRY_LIMITS.guests.adults.min, INQUIRY_LIMITS.guests.adults.max).default(2),
              children: int(INQUIRY_LIMITS.guests.children.min, INQUIRY_LIMITS.guests.children.max).default(
                0,
              ),
            })
            .default({ adults: 2, children: 0 }),
          bedrooms: int(1, 50).nullish(),
        },
        required(),
      ),
      budget: z.object({ min: int(0).nullish(), max: int(0).nullish() }).nullish(),
      contact: z.object(
        {
          first_name: text(INQUIRY_LIMITS.firstName),
          last_name: text(INQUIRY_LIMITS.lastName),
          email: z
            .string(required())
            .trim()
            .pipe(z.email({ error: 'must be a valid email address' })),
          phone: optionalText(INQUIRY_LIMITS.phone),
        },
        required(),
      ),
      message: optionalText(INQUIRY_LIMITS.message, 'many'),
      reference: optionalText(INQUIRY_LIMITS.reference),
    })
    .check(
      crossField((ctx) => {
        const v = ctx.value as Record<string, unknown>;
        const push = (path: string, message: string) =>
          ctx.issues.push({ code: 'custom', path: path.split('.'), message, input: v });
        const hasProperty = v.property_id !== undefined && v.property_id !== null;
        const hasDestination = v.destination !== undefined && v.destination !== null;
        if (hasProperty === hasDestination) {
          const message = hasProperty
            ? 'send either property_id or destination, not both'
            : 'send either property_id or destination';
          push('property_id', message);
          push('destination', message);
        }
        const destination = v.destination as { id?: unknown; name?: unknown } | null | undefined;
        if (
          destination &&
          (destination.id ?? undefined) === undefined &&
          (destination.name ?? undefined) === undefined
        ) {
          push('destination', 'needs an id, a name or both');
        }
        const stay = v.stay as { checkin?: unknown; checkout?: unknown } | undefined;
        if (validDate(stay?.checkin) && stay.checkin < today) push('stay.checkin', 'must be today or later');
        if (validDate(stay?.checkin) && validDate(stay?.checkout) && stay.checkout <= stay.checkin) {
          push('stay.checkout', 'must be after stay.checkin');
        }
        if (validDate(stay?.checkin))
          checkStayBounds(push, today, stay.checkin, validDate(stay?.checkout) ? stay.checkout : undefined, {
            checkin: 'stay.checkin',
            checkout: 'stay.checkout',
          });
        const budget = v.budget as { min?: unknown; max?: unknown } | null | undefined;
        if (typeof budget?.min === 'number' && typeof budget.max === 'number' && budget.max < budget.min) {
          push('budget.max', 'must not be below budget.min');
        }
      }),
    ),
);
export type InquiryRequestInput = z.input<ReturnType<typeof inquiryRequestSchema>>;
export type InquiryRequest = z.output<ReturnType<typeof inquiryRequestSchema>>;

import { z } from 'zod';
import { checkStayBounds, crossField, dateString, INQUIRY_LIMITS, isPlainText } from '@/lib/contract';

/*
 * What an advisor's shortlist and proposals are made of, as the browser's forms and the server's routes both
 * check them: one schema per form, used by the form as it is typed and by the route as it arrives (style.md,
 * "one rule, two places"). Messages are the API's kind of rule words ("must be at most 120 characters");
 * messages.ts turns them into sentences naming the field by its label, as for every other form.
 */

export const ADVISOR_LIMITS = {
  name: 100,
  agency: 120,
  email: 254,
  phone: INQUIRY_LIMITS.phone,
  title: 120,
  clientName: 100,
  note: 2000,
  optionNote: 500,
  reference: 60,
  /** Options in one proposal: a client chooses among a few, never a catalogue. */
  options: { min: 1, max: 8 },
  /** Rentals on one shortlist. */
  shortlist: 50,
} as const;

const NOT_TEXT = { error: 'must not contain control characters or broken text' };

const line = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => isPlainText(v), NOT_TEXT);

const optional = (max: number, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => isPlainText(v, lines), NOT_TEXT)
    .nullish()
    .transform((v) => (v ? v : null));

const count = (min: number, max: number) =>
  z
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });

/** The advisor, entered once and kept in the browser: it goes into each proposal and each inquiry's message. */
export const advisorProfileSchema = z.object({
  name: line(ADVISOR_LIMITS.name),
  agency: optional(ADVISOR_LIMITS.agency),
  email: z
    .string({ error: 'is required' })
    .trim()
    .max(ADVISOR_LIMITS.email, { error: `must be at most ${ADVISOR_LIMITS.email} characters` })
    .pipe(z.email({ error: 'must be a valid email address' })),
  phone: optional(ADVISOR_LIMITS.phone),
});
export type AdvisorProfile = z.output<typeof advisorProfileSchema>;

/** A stay with its party: dates as `YYYY-MM-DD`, the check-in today or later, within the contract's bounds. */
export const stayInputSchema = (today: string) =>
  z
    .object({
      checkin: z.string({ error: 'is required' }).pipe(dateString),
      checkout: z.string({ error: 'is required' }).pipe(dateString),
      adults: count(1, 50).default(2),
      children: count(0, 50).default(0),
      bedrooms: count(1, 50).nullish(),
    })
    .check(
      crossField((ctx) => {
        const v = ctx.value as { checkin: string; checkout: string };
        const push = (path: string, message: string) =>
          ctx.issues.push({ code: 'custom', path: [path], message, input: v });
        if (v.checkin < today) push('checkin', 'must be today or later');
        if (v.checkout <= v.checkin) push('checkout', 'must be after checkin');
        else
          checkStayBounds(push, today, v.checkin, v.checkout, { checkin: 'checkin', checkout: 'checkout' });
      }),
    );
export type StayInput = z.output<ReturnType<typeof stayInputSchema>>;

export const proposalOptionSchema = (today: string) =>
  z.object({
    property_id: count(1, 999_999_999),
    stay: stayInputSchema(today),
    note: optional(ADVISOR_LIMITS.optionNote, 'many'),
  });
export type ProposalOptionInput = z.output<ReturnType<typeof proposalOptionSchema>>;

const day = z.string({ error: 'must be a date' }).pipe(dateString);

/** A proposal as the advisor's form sends it (new, or a draft edited). */
export const proposalInputSchema = (today: string) =>
  z
    .object({
      title: line(ADVISOR_LIMITS.title),
      client_name: line(ADVISOR_LIMITS.clientName),
      note: optional(ADVISOR_LIMITS.note, 'many'),
      reference: optional(ADVISOR_LIMITS.reference),
      expires_on: day.nullish().transform((v) => v ?? null),
      advisor: advisorProfileSchema,
      options: z
        .array(proposalOptionSchema(today), { error: 'must be a list of options' })
        .min(ADVISOR_LIMITS.options.min, { error: `must hold at least ${ADVISOR_LIMITS.options.min} option` })
        .max(ADVISOR_LIMITS.options.max, {
          error: `must hold at most ${ADVISOR_LIMITS.options.max} options`,
        }),
    })
    .check(
      crossField((ctx) => {
        const v = ctx.value as { expires_on: string | null };
        if (v.expires_on && v.expires_on < today)
          ctx.issues.push({
            code: 'custom',
            path: ['expires_on'],
            message: 'must be today or later',
            input: v,
          });
      }),
    );
export type ProposalInput = z.output<ReturnType<typeof proposalInputSchema>>;

/** The rental as the advisor added it, kept with the option: the client's view needs no content read. */
export interface PropertySnapshot {
  name: string;
  type: string;
  place: string[];
  locationId: number;
  bedrooms: number;
  bathrooms: number;
  sleeps: number;
  rating: number | null;
  photo: { url: string; caption: string } | null;
  amenities: string[];
  latitude: number | null;
  longitude: number | null;
}

/** The quote an option was sent with (the total and its breakdown), kept so later views can compare. */
export interface QuotedPrice {
  currency: string;
  total: number;
  rate: number;
  discounts: number;
  fees: number;
  taxes: number;
  refundableDeposits: number;
  nights: number;
  averageNightly: number | null;
  accuracy: string | null;
  priceOnRequest: boolean;
  /** When it was asked (ISO instant). */
  at: string;
}

export interface ProposalOptionStored {
  /** Unguessable within its proposal; the choice names it (with the share token) in the inquiry. */
  id: string;
  propertyId: number;
  stay: { checkin: string; checkout: string; adults: number; children: number; bedrooms: number | null };
  note: string | null;
  property: PropertySnapshot | null;
  /** The quote when the proposal was sent; null in a draft, or when the catalog refused the stay then. */
  sent: QuotedPrice | null;
  /** Why the catalog refused to price the stay when it was sent, in its words. */
  sentProblem: string | null;
}

/**
 * The line an inquiry's message carries for the advisor (the spec: the contact is the traveller, "the
 * advisor handling the trip" goes in the message), with the proposal's title and reference when there is one.
 */
export function advisorLine(
  advisor: Pick<AdvisorProfile, 'name' | 'agency' | 'email' | 'phone'>,
  proposal?: { title: string; reference: string },
): string {
  const who = [advisor.name, advisor.agency].filter(Boolean).join(', ');
  const reach = [advisor.email, advisor.phone].filter(Boolean).join(', ');
  const about = proposal ? ` Proposal “${proposal.title}”, reference ${proposal.reference}.` : '';
  return `Travel advisor: ${who} (${reach}).${about}`;
}

/** The advisor's line, then what the traveller wrote: the message an inquiry from a proposal sends. */
export function messageWithAdvisor(line: string, message: string | null | undefined): string {
  const own = message?.trim();
  return own ? `${line}\n\n${own}` : line;
}

export type ProposalState = 'draft' | 'sent' | 'viewed' | 'chosen' | 'expired';

/** What the advisor's edit link answers (GET /api/proposals/edit): everything but the edit secret. */
export interface ProposalEditView {
  state: ProposalState;
  status: string;
  title: string;
  client_name: string;
  note: string | null;
  reference: string;
  advisor: AdvisorProfile;
  expires_on: string | null;
  expired: boolean;
  share_token: string;
  created_at: string;
  sent_at: string | null;
  views: number;
  first_viewed_at: string | null;
  last_viewed_at: string | null;
  chosen: { option: string; at: string | null } | null;
  options: ProposalOptionStored[];
}

/**
 * What an inquiry carries for an advisor: the line the form shows and the message starts with, and, for a
 * proposal's option, the proposal (its share token and the option's id) for the server to check and mark.
 */
export interface AdvisorNote {
  line: string;
  proposal?: { token: string; option: string };
}

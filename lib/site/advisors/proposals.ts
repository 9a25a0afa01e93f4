import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { UpstreamError } from '@/lib/catalog-client';
import { dateString, type FieldErrors, fieldErrors } from '@/lib/contract';
import { addDays, daysBetween, today } from '@/lib/dates';
import { readJsonObject } from '@/lib/json-body';
import {
  type ProposalEditView,
  type ProposalInput,
  type ProposalOptionStored,
  type ProposalState,
  proposalInputSchema,
} from '@/lib/site/browser/advisors';
import { catalogReads } from '@/lib/site/catalog-reads';
import type { SiteDb } from '@/lib/site/db/client';
import { proposals } from '@/lib/site/db/schema';
import { fromUpstream, originAllowed, SiteError, validationFailed } from '@/lib/site/http';
import { refuseUnavailable } from './availability';
import { asProposal } from './charge';
import { priceOf, snapshotOf } from './snapshot';
import { hashToken, isTokenShaped, newId, newToken } from './tokens';

/*
 * A proposal's life (docs/decisions.md#advisors-shortlists-and-proposals): made as a draft or sent at once;
 * a draft may be edited and sent; sending quotes every option and keeps each quote (the total and its
 * breakdown) as "when sent"; a sent proposal's options no longer change (the client may be reading them),
 * only its end date; duplicating one with new dates makes a new draft. Views and the client's choice are
 * counted in the row itself, atomically, so any instance may serve either.
 */

export type ProposalRow = typeof proposals.$inferSelect;

/** What the advisor's edit link shows: everything but the edit secret (which the browser holds). */
export function stateOf(row: ProposalRow, day = today()): ProposalState {
  if (row.status === 'draft') return 'draft';
  if (row.chosenOption) return 'chosen';
  if (expired(row, day)) return 'expired';
  return row.views > 0 ? 'viewed' : 'sent';
}

/** Ended: the day after its last day has come (UTC, as every date the site compares). */
export const expired = (row: Pick<ProposalRow, 'expiresOn'>, day = today()) =>
  row.expiresOn !== null && day > row.expiresOn;

/** The body of a POST or PATCH, checked as the forms check it: every problem by its dotted path. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  if (!originAllowed(request))
    throw new SiteError('forbidden', 'Proposals are changed from this site’s own pages only.');
  return readJsonObject(
    request,
    (message, problem) =>
      new SiteError(problem === 'charset' ? 'unsupported_media_type' : 'invalid_request', message),
  );
}

export function parseProposal(body: unknown): ProposalInput {
  const parsed = proposalInputSchema(today()).safeParse(body);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}

/** A reference for the inquiry when the advisor gives none: short enough to read out on the phone. */
function newReference(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `P-${[...randomBytes(6)].map((b) => letters[b % letters.length]).join('')}`;
}

/**
 * The options as stored: each rental read (through the cache) for what the client's view shows of it. A
 * rental the catalog does not know is the option's field problem, as the form would place it.
 */
async function optionsOf(id: string, input: ProposalInput, previous: ProposalOptionStored[] = []) {
  const problems: FieldErrors = {};
  const options = await asProposal(id, () =>
    Promise.all(
      input.options.map(async (o, i): Promise<ProposalOptionStored> => {
        const kept = previous.find((p) => p.propertyId === o.property_id);
        let property = kept?.property ?? null;
        try {
          property = snapshotOf((await catalogReads.property(o.property_id)).data);
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          if (error.status === 404) problems[`options.${i}.property_id`] = 'not found';
          else if (!property) throw fromUpstream(error);
        }
        return {
          id: kept?.id ?? newId(),
          propertyId: o.property_id,
          stay: { ...o.stay, bedrooms: o.stay.bedrooms ?? null },
          note: o.note,
          property,
          sent: null,
          sentProblem: null,
        };
      }),
    ),
  );
  if (Object.keys(problems).length) throw validationFailed(problems);
  return options;
}

/**
 * Every option quoted now, as the proposal is sent, once every stay is free (availability.ts). A stay the catalog refuses (a minimum stay, a party too
 * large) is kept with the catalog's words; the catalog being busy or down refuses the sending (the draft is
 * kept), since "when sent" must be a price the catalog gave.
 */
async function quoted(
  db: SiteDb,
  id: string,
  options: ProposalOptionStored[],
): Promise<ProposalOptionStored[]> {
  await asProposal(id, () => refuseUnavailable(db, options, today()));
  return asProposal(id, () =>
    Promise.all(
      options.map(async (o) => {
        const { checkin, checkout, adults, children, bedrooms } = o.stay;
        try {
          const q = await catalogReads.quote(o.propertyId, {
            checkin,
            checkout,
            adults,
            children,
            ...(bedrooms ? { bedrooms } : {}),
          });
          return { ...o, sent: priceOf(q.data), sentProblem: null };
        } catch (error) {
          if (error instanceof UpstreamError && error.status === 400)
            return { ...o, sent: null, sentProblem: error.message };
          if (error instanceof UpstreamError && error.status === 404)
            return { ...o, sent: null, sentProblem: 'This rental has left the catalog.' };
          throw error instanceof UpstreamError ? fromUpstream(error) : error;
        }
      }),
    ),
  );
}

export interface Links {
  editSecret: string;
  shareToken: string;
}

/** A new proposal, a draft or sent at once. The edit secret is returned once and stored as its hash. */
export async function createProposal(
  db: SiteDb,
  input: ProposalInput,
  send: boolean,
): Promise<Links & { row: ProposalRow }> {
  const id = newId();
  let options = await optionsOf(id, input);
  if (send) options = await quoted(db, id, options);
  const links = { editSecret: newToken(), shareToken: newToken() };
  const [row] = await db
    .insert(proposals)
    .values({
      id,
      editHash: hashToken(links.editSecret),
      shareToken: links.shareToken,
      status: send ? 'sent' : 'draft',
      title: input.title,
      clientName: input.client_name,
      note: input.note,
      reference: input.reference ?? newReference(),
      advisor: input.advisor,
      options,
      expiresOn: input.expires_on,
      sentAt: send ? new Date() : null,
    })
    .returning();
  return { ...links, row: row! };
}

/** The proposal an edit secret opens, or the same 404 as for any unknown link. */
export async function proposalByEditSecret(db: SiteDb, secret: string): Promise<ProposalRow> {
  const [row] = await db
    .select()
    .from(proposals)
    .where(eq(proposals.editHash, hashToken(secret)));
  if (!row) throw new SiteError('not_found', 'That proposal could not be found.');
  return row;
}

/** The proposal a share token opens, when it has been sent (a draft's link opens nothing yet). */
export async function proposalByShareToken(db: SiteDb, token: string): Promise<ProposalRow | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db.select().from(proposals).where(eq(proposals.shareToken, token));
  return row && row.status === 'sent' ? row : null;
}

/** A draft changed (and sent, when asked). A sent proposal's options stay as the client may be reading them. */
export async function updateDraft(
  db: SiteDb,
  row: ProposalRow,
  input: ProposalInput,
  send: boolean,
): Promise<ProposalRow> {
  if (row.status !== 'draft')
    throw new SiteError(
      'conflict',
      'This proposal has been sent and can no longer be changed; duplicate it to make another.',
    );
  let options = await optionsOf(row.id, input, row.options);
  if (send) options = await quoted(db, row.id, options);
  const [updated] = await db
    .update(proposals)
    .set({
      title: input.title,
      clientName: input.client_name,
      note: input.note,
      reference: input.reference ?? row.reference,
      advisor: input.advisor,
      options,
      expiresOn: input.expires_on,
      updatedAt: new Date(),
      ...(send ? { status: 'sent', sentAt: new Date() } : {}),
    })
    // Sent meanwhile from another tab: that one stands.
    .where(sql`${proposals.id} = ${row.id} AND ${proposals.status} = 'draft'`)
    .returning();
  if (!updated) throw new SiteError('conflict', 'This proposal was sent meanwhile; reload the page.');
  return updated;
}

/** The last day the client may open it; any time, sent or not (null: it does not end). */
export async function setExpiry(db: SiteDb, row: ProposalRow, body: unknown): Promise<ProposalRow> {
  const value = (body as { expires_on?: unknown }).expires_on;
  const parsed = proposalInputSchema(today()).shape.expires_on.safeParse(value);
  if (!parsed.success || (parsed.data && parsed.data < today()))
    throw validationFailed({
      expires_on: parsed.success ? 'must be today or later' : 'must be a date',
    });
  const [updated] = await db
    .update(proposals)
    .set({ expiresOn: parsed.data, updatedAt: new Date() })
    .where(eq(proposals.id, row.id))
    .returning();
  return updated!;
}

/**
 * A new draft with the same rentals, parties and notes, every stay moved so that the first option starts on
 * the day given (the others keep their place around it). Its own links; the original is untouched.
 */
export async function duplicateProposal(db: SiteDb, row: ProposalRow, body: unknown) {
  const checkin = (body as { checkin?: unknown }).checkin;
  const first = row.options[0]?.stay.checkin ?? today();
  const shift = typeof checkin === 'string' ? checkin : '';
  const parsed = dateString.safeParse(shift);
  if (!parsed.success || shift < today())
    throw validationFailed({
      checkin: parsed.success ? 'must be today or later' : 'must be a date',
    });
  const by = daysBetween(first, shift);
  const input = parseProposal({
    title: row.title,
    client_name: row.clientName,
    note: row.note,
    advisor: row.advisor,
    expires_on: null,
    options: row.options.map((o) => ({
      property_id: o.propertyId,
      note: o.note,
      stay: { ...o.stay, checkin: addDays(o.stay.checkin, by), checkout: addDays(o.stay.checkout, by) },
    })),
  });
  return createProposal(db, input, false);
}

/** One view of the client's page, counted in the row (any instance may serve it). */
export async function recordView(db: SiteDb, id: string): Promise<void> {
  await db
    .update(proposals)
    .set({
      views: sql`${proposals.views} + 1`,
      firstViewedAt: sql`coalesce(${proposals.firstViewedAt}, now())`,
      lastViewedAt: sql`now()`,
    })
    .where(eq(proposals.id, id));
}

/** The client sent an inquiry for this option: the proposal is chosen (the latest such inquiry counts). */
export async function markChosen(db: SiteDb, id: string, optionId: string, leadId: string): Promise<void> {
  await db
    .update(proposals)
    .set({ chosenOption: optionId, chosenLead: leadId, chosenAt: sql`now()` })
    .where(eq(proposals.id, id));
}

/** What the advisor's edit link answers: the proposal, its state and the client's link; never the secret. */
export function editView(row: ProposalRow): ProposalEditView {
  return {
    state: stateOf(row),
    status: row.status,
    title: row.title,
    client_name: row.clientName,
    note: row.note,
    reference: row.reference,
    advisor: row.advisor,
    expires_on: row.expiresOn,
    expired: expired(row),
    share_token: row.shareToken,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    views: row.views,
    first_viewed_at: row.firstViewedAt?.toISOString() ?? null,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
    chosen: row.chosenOption ? { option: row.chosenOption, at: row.chosenAt?.toISOString() ?? null } : null,
    options: row.options,
  };
}

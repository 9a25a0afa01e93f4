import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FieldErrors, InquiryRequest, TolerantInquiry } from '@/lib/contract';
import type { AdvisorProfile, ProposalOptionStored } from '@/lib/site/browser/advisors';
import type { CancellationTerm } from '@/lib/site/browser/cancellation';
import type { ReplicaBooked, ReplicaRates, ReplicaSummary } from '@/lib/site/replica/types';

/*
 * The site's own tables (the partner side), apart from the catalog service's: the leads it has accepted,
 * the change-feed sync's cursor, and the replica (with each property's area times). Same database setup as the service (PGlite under DATA_DIR/site, or
 * DATABASE_URL); every table is prefixed `site_` so both roles can share one Postgres database.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Why the upstream has not taken a lead yet, or refused it: the last attempt's error, as stored. */
export interface LeadError {
  status: number;
  code: string;
  message: string;
  fields?: FieldErrors;
}

/** The reservations agent who owns a sent lead, as the upstream answered. */
export type LeadAgent = TolerantInquiry['agent'];

/**
 * What the traveller saw when they sent an inquiry, kept with the lead so the confirmation can show the
 * rental and the price they were quoted even when the catalog has moved on (a rate edit, a new photo).
 */
export interface LeadShown {
  destination?: { name: string; path: string[] } | null;
  /** Infants in the party (not among the API's guests; told to the agent in the message). */
  infants?: number;
  property: {
    name: string;
    photo: { url: string; caption: string } | null;
    /** The rental's bedrooms (absent on leads stored before it was kept). */
    bedrooms?: number;
  } | null;
  quote: {
    currency: string;
    total: number;
    refundable_deposits: number;
    nights: number;
    price_on_request: boolean;
    accuracy: string | null;
    /** The bedrooms the total is for (the quote's `stay.bedrooms`; absent on older leads). */
    bedrooms?: number | null;
  } | null;
  /** The stay's cancellation terms, period by period (lib/site/browser/cancellation.ts; absent on older leads). */
  cancellation?: CancellationTerm[];
}

/** What the last change-feed sync did (its tags counted, not listed). */
export interface SyncRunSummary {
  since: string | null;
  startedAt: string;
  pages: number;
  listed: number;
  expired: number;
  removed: number[];
  added: number;
}

/**
 * Where a lead stands: `sending` (a sender holds it until `claimed_until`), `queued` (waiting for
 * `next_attempt_at`), `sent` (the upstream took it), `rejected` (the upstream refused its content), `failed`
 * (gave up after the bounded retries, or the site's own key was refused; kept for the team to act on).
 */
export const LEAD_STATUSES = ['sending', 'queued', 'sent', 'rejected', 'failed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A lead for one rental (`property_id`), or a general request for a destination. */
export type LeadKind = 'property' | 'general';

/** An inquiry the site accepted, stored before it is sent upstream so that none is ever lost. */
export const leads = pgTable(
  'site_leads',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<LeadKind>().notNull(),
    reference: text('reference').notNull(),
    /** The InquiryRequest as validated, with the reference filled in: exactly what is sent upstream. */
    request: jsonb('request').$type<InquiryRequest>().notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at'),
    claimedUntil: stamp('claimed_until'),
    lastError: jsonb('last_error').$type<LeadError>(),
    upstreamId: integer('upstream_id'),
    agent: jsonb('agent').$type<LeadAgent>(),
    test: boolean('test'),
    requestId: text('request_id').notNull(),
    /** What the traveller saw when sending it (the rental's name and photo, the quoted total), for the confirmation. */
    shown: jsonb('shown').$type<LeadShown>(),
    createdAt: stamp('created_at').notNull().default(sql`now()`),
    updatedAt: stamp('updated_at').notNull().default(sql`now()`),
    sentAt: stamp('sent_at'),
  },
  (t) => [
    index('site_leads_due').on(t.status, t.nextAttemptAt),
    // The database holds to the type too: a status no code knows cannot be written.
    check(
      'site_leads_status',
      sql.raw(`${t.status.name} IN (${LEAD_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** One row per sync job (`catalog`): the cursor a restart resumes from and what the last run did. */
export const syncState = pgTable('site_sync_state', {
  name: text('name').primaryKey(),
  cursor: stamp('cursor'),
  lastRunAt: stamp('last_run_at'),
  lastSummary: jsonb('last_summary').$type<SyncRunSummary>(),
});

/**
 * The site's replica of the catalog (issue: prices in search): every live property's summary, rate sheet
 * and booked dates, and the site's one record of each property's area times (`*_at`: what the change-feed
 * sync and the replica's load compare the catalog with, lib/site/area-times.ts). `due` lists the areas to
 * fetch again (the change feed moved them, or they were never fetched); `seq` grows with every change to
 * the row, so an instance's in-memory search index reloads only what changed. A property that left the
 * catalog keeps its row with `removed` set (and a new `seq`) until the next full load, so other instances
 * learn it too.
 */
export const replicaProperties = pgTable(
  'site_replica_properties',
  {
    propertyId: integer('property_id').primaryKey(),
    /** The PropertySummary as the catalog answered it (null until its content is first fetched). */
    summary: jsonb('summary').$type<ReplicaSummary>(),
    /** The rate sheet in the pricing rules' shape (lib/site/replica/terms.ts), null until fetched. */
    rates: jsonb('rates').$type<ReplicaRates>(),
    /** Booked ranges, and the last day the fetched window covers. */
    booked: jsonb('booked').$type<ReplicaBooked>(),
    contentAt: text('content_at'),
    ratesAt: text('rates_at'),
    availabilityAt: text('availability_at'),
    imagesAt: text('images_at'),
    due: text('due').array().notNull().default(sql`'{}'::text[]`),
    removed: boolean('removed').notNull().default(false),
    seq: integer('seq').notNull().default(sql`nextval('site_replica_seq')`),
  },
  (t) => [index('site_replica_seq_idx').on(t.seq)],
);

/**
 * One row whose `n` moves with every committed change to `site_replica_properties` (triggers of migration
 * 0007 add one per transaction that inserts, deletes or gives a new `seq` to rows, at its commit): what an
 * instance's in-memory index compares, once a second, to know whether to read the rows again. Reading it
 * costs an index lookup; a count and sum of `seq` read every row (~60 ms at 3,000 rentals, ~170 ms at 30,000,
 * in-process PGlite holding the event loop).
 */
export const replicaVersion = pgTable('site_replica_version', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  /** The transaction that last moved it: each moves it once, however many rows it changes. */
  xact: text('xact'),
});

/** The replica's load: where it is, and which instance holds the lease to work on it. */
export const replicaState = pgTable('site_replica_state', {
  name: text('name').primaryKey(),
  /** `listing` (paging the catalog; `nextPage` resumes it), `areas` (fetching due areas), `complete`. */
  phase: text('phase').notNull(),
  nextPage: integer('next_page').notNull().default(1),
  startedAt: stamp('started_at'),
  completedAt: stamp('completed_at'),
  /** Upstream calls the load has made so far (the figure the README reports). */
  calls: integer('calls').notNull().default(0),
  locations: jsonb('locations').$type<ReplicaLocation[]>(),
  locationsAt: stamp('locations_at'),
  holder: text('holder'),
  leaseUntil: stamp('lease_until'),
});

/**
 * How often each place was searched (a search's `location`, counted by every instance and added here every
 * few seconds): the replica's load fetches the most searched places' rentals first (lib/site/replica/demand.ts).
 */
export const searchedPlaces = pgTable('site_searched_places', {
  locationId: integer('location_id').primaryKey(),
  searches: integer('searches').notNull().default(0),
  lastAt: stamp('last_at'),
});

export interface ReplicaLocation {
  id: number;
  parent_id: number | null;
  name: string;
}

/*
 * Advisors (issue #27, docs/decisions.md#advisors-shortlists-and-proposals): shortlists and proposals live
 * under unguessable links and nobody's account. A secret a browser holds is stored as its SHA-256 only
 * (`token_hash`, `edit_hash`): the table alone opens nothing. The share token is kept as it is, because the
 * advisor's edit page shows the client's link again; it only ever reads.
 */

/** A shortlist: the rentals one browser saved. Its link is the token; the row knows only its hash. */
export const shortlists = pgTable('site_shortlists', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: stamp('created_at').notNull().default(sql`now()`),
  updatedAt: stamp('updated_at').notNull().default(sql`now()`),
});

/** A rental on a shortlist, with the stay it was saved with (dates optional: a rental saved before dates). */
export const shortlistItems = pgTable(
  'site_shortlist_items',
  {
    id: text('id').primaryKey(),
    shortlist: text('shortlist')
      .notNull()
      .references(() => shortlists.tokenHash, { onDelete: 'cascade' }),
    propertyId: integer('property_id').notNull(),
    checkin: text('checkin'),
    checkout: text('checkout'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    bedrooms: integer('bedrooms'),
    addedAt: stamp('added_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('site_shortlist_items_property').on(t.shortlist, t.propertyId)],
);

/**
 * A proposal an advisor made for a client. `status` is `draft` or `sent`; viewed, chosen and expired are
 * what the other columns say (README, "Advisors"). Options are one document the advisor edits as a whole:
 * each with its stay, the rental as it was when added, and the quote it was sent with.
 */
export const proposals = pgTable('site_proposals', {
  id: text('id').primaryKey(),
  editHash: text('edit_hash').notNull().unique(),
  shareToken: text('share_token').notNull().unique(),
  status: text('status').notNull(),
  title: text('title').notNull(),
  clientName: text('client_name').notNull(),
  note: text('note'),
  reference: text('reference').notNull(),
  advisor: jsonb('advisor').$type<AdvisorProfile>().notNull(),
  options: jsonb('options').$type<ProposalOptionStored[]>().notNull(),
  /** The last day the client may see it (YYYY-MM-DD, UTC); null: it does not end. */
  expiresOn: text('expires_on'),
  createdAt: stamp('created_at').notNull().default(sql`now()`),
  updatedAt: stamp('updated_at').notNull().default(sql`now()`),
  sentAt: stamp('sent_at'),
  views: integer('views').notNull().default(0),
  firstViewedAt: stamp('first_viewed_at'),
  lastViewedAt: stamp('last_viewed_at'),
  /** The option the client sent an inquiry for, and its lead (the latest when they sent more than one). */
  chosenOption: text('chosen_option'),
  chosenLead: text('chosen_lead'),
  chosenAt: stamp('chosen_at'),
});

import 'server-only';

/*
 * lib/site/leads — the inquiries the site accepted, from the moment each is stored until the upstream has
 * it ("Inquiries never get lost", docs/architecture.md). A lead is stored before anything is asked of the
 * upstream, then delivered; what fails is queued and tried again, never dropped.
 *
 *   policy.ts    how hard to try: attempts, waits, how long a sender holds a lead, sends at once
 *   store.ts     the lead's row: its id, storing, finding and claiming leads, each attempt's outcome, and
 *                what the browser may see of a lead
 *   shown.ts     what the traveller saw (rental, photo, quoted total), kept for the confirmation: from the
 *                cache only before the lead is stored, what it lacked read once the upstream has the lead
 *   delivery.ts  one send upstream and what became of it; a pass over every due lead
 *   worker.ts    the in-process timer that sends queued leads
 *
 * It imports the catalog client (which sends), the site's read path (lib/site/catalog-reads.ts), the site's
 * database and logger and shared plumbing; never
 * the /api pipeline (lib/site/http.ts, lib/site/inquiries.ts: POST /api/inquiries imports this folder, not
 * the other way round) nor the browser's client.
 */

export { deliverLead, sendDueLeads } from './delivery';
export { backoffSeconds, type DeliveryPolicy, deliveryPolicy, sendSlots } from './policy';
export { shownFromCache, withShownFilledIn } from './shown';
export {
  claimDueLeads,
  createLead,
  findLead,
  isLeadId,
  type Lead,
  type LeadStatus,
  leadIdFor,
  type PublicLead,
  publicLead,
  queueLead,
} from './store';
export { startLeadWorker } from './worker';

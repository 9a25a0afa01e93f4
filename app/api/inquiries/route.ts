import { catalogClient } from '@/lib/catalog-client';
import { settings } from '@/lib/settings';
import { fromProposal } from '@/lib/site/advisors/choice';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';
import { acceptInquiry } from '@/lib/site/inquiries';
import { publicLead } from '@/lib/site/leads';

// POST /api/inquiries — a traveller's or an advisor's inquiry: stored as a lead, then sent upstream.
// 201 when the upstream took it, 202 when it is queued (busy or unreachable upstream); either way it is kept.
// Sent again with the same Idempotency-Key, the same lead (and `Idempotent-Replayed: true`).
export const POST = route(async (request, ctx) => {
  const accepted = await acceptInquiry(request, ctx, {
    db: await getSiteDb(),
    client: catalogClient(),
    settings: settings(),
    fromProposal: async (raw, inquiry) => fromProposal(await getSiteDb(), raw, inquiry),
  });
  // A bot that filled the honeypot is told nothing useful, and nothing was stored or sent.
  if ('discarded' in accepted) return json({ lead: null }, ctx, { status: 202 });
  const lead = publicLead(accepted.lead);
  const response = json({ lead }, ctx, {
    status: lead.status === 'sent' ? 201 : 202,
    mode: lead.test ? 'test' : undefined,
  });
  // Sent again under its Idempotency-Key: the lead it made the first time, nothing new stored or sent.
  if (accepted.replayed) response.headers.set('Idempotent-Replayed', 'true');
  return response;
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');

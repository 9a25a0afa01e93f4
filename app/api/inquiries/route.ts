import { catalogClient } from '@/lib/catalog-client';
import { settings } from '@/lib/settings';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';
import { acceptInquiry } from '@/lib/site/inquiries';
import { publicLead } from '@/lib/site/leads';
import { inquiryShown } from '@/lib/site/property-page';

// POST /api/inquiries — a traveller's or an advisor's inquiry: stored as a lead, then sent upstream.
// 201 when the upstream took it, 202 when it is queued (busy or unreachable upstream); either way it is kept.
export const POST = route(async (request, ctx) => {
  const accepted = await acceptInquiry(request, ctx, {
    db: await getSiteDb(),
    client: catalogClient(),
    settings: settings(),
    describe: inquiryShown,
  });
  // A bot that filled the honeypot is told nothing useful, and nothing was stored or sent.
  if ('discarded' in accepted) return json({ lead: null }, ctx, { status: 202 });
  const lead = publicLead(accepted.lead);
  return json({ lead }, ctx, {
    status: lead.status === 'sent' ? 201 : 202,
    mode: lead.test ? 'test' : undefined,
  });
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');

import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route, SiteError } from '@/lib/site/http';
import { findLead, isLeadId, publicLead } from '@/lib/site/leads';

// GET /api/inquiries/{lead} — a lead read back for its confirmation page (the id is unguessable).
export const GET = route<{ lead: string }>(async (_request, ctx, { lead: id }) => {
  const lead = isLeadId(id) ? await findLead(await getSiteDb(), id) : undefined;
  if (!lead) throw new SiteError('not_found', 'No inquiry with that id.');
  return json({ lead: publicLead(lead) }, ctx);
});

export const { POST, PUT, PATCH, DELETE } = notServed('GET');

import { limitCreation } from '@/lib/site/advisors/limits';
import { createProposal, editView, parseProposal, readBody } from '@/lib/site/advisors/proposals';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';

// POST /api/proposals — an advisor's new proposal (`send: true` quotes every option and sends it at once).
// 201 with the edit secret (shown once; the browser keeps it in the edit link's #fragment) and the share token.
export const POST = route(async (request, ctx) => {
  const body = await readBody(request);
  const input = parseProposal(body);
  await limitCreation(ctx.visitor, 'proposals');
  const made = await createProposal(await getSiteDb(), input, body.send === true);
  return json(
    { edit_secret: made.editSecret, share_token: made.shareToken, proposal: editView(made.row) },
    ctx,
    { status: 201 },
  );
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');

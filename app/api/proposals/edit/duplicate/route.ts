import { limitCreation } from '@/lib/site/advisors/limits';
import { duplicateProposal, editView, proposalByEditSecret, readBody } from '@/lib/site/advisors/proposals';
import { bearerOf } from '@/lib/site/advisors/tokens';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';

// POST /api/proposals/edit/duplicate — `{checkin}`: a new draft of the same options, every stay moved so the
// first starts that day. Needs the original's edit secret; counts as a new proposal against the visitor's limit.
export const POST = route(async (request, ctx) => {
  const db = await getSiteDb();
  const row = await proposalByEditSecret(db, bearerOf(request, 'proposal'));
  const body = await readBody(request);
  await limitCreation(ctx.visitor, 'proposals');
  const made = await duplicateProposal(db, row, body);
  return json(
    { edit_secret: made.editSecret, share_token: made.shareToken, proposal: editView(made.row) },
    ctx,
    { status: 201 },
  );
});

export const { GET, PUT, PATCH, DELETE } = notServed('POST');

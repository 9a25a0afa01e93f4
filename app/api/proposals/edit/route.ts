import {
  editView,
  parseProposal,
  proposalByEditSecret,
  readBody,
  setExpiry,
  updateDraft,
} from '@/lib/site/advisors/proposals';
import { bearerOf } from '@/lib/site/advisors/tokens';
import { getSiteDb } from '@/lib/site/db/client';
import { json, notServed, route } from '@/lib/site/http';

// The advisor's edit link, with its secret in `Authorization: Bearer …` (never in a URL or a log):
// GET — the proposal, its state (draft, sent, viewed, chosen, expired), views and the client's link;
// PATCH — `{expires_on}` alone sets its last day (any time); otherwise a draft's whole form, `send: true` to send it.
export const GET = route(async (request, ctx) => {
  const row = await proposalByEditSecret(await getSiteDb(), bearerOf(request, 'proposal'));
  return json({ proposal: editView(row) }, ctx);
});

export const PATCH = route(async (request, ctx) => {
  const db = await getSiteDb();
  const row = await proposalByEditSecret(db, bearerOf(request, 'proposal'));
  const body = await readBody(request);
  const keys = Object.keys(body);
  const updated =
    keys.length === 1 && keys[0] === 'expires_on'
      ? await setExpiry(db, row, body)
      : await updateDraft(db, row, parseProposal(body), body.send === true);
  return json({ proposal: editView(updated) }, ctx);
});

export const { POST, PUT, DELETE } = notServed('GET', 'PATCH');

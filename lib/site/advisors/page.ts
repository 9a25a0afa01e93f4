import 'server-only';
import { notFound } from 'next/navigation';
import { getSiteDb } from '@/lib/site/db/client';
import { proposalByShareToken, recordView } from './proposals';
import { type ClientView, clientView } from './view';

/**
 * The client's page of a proposal (the site's and the embed's): the site's not-found page for an unknown
 * token or a draft; a view counted unless it is the advisor's preview (`?preview=1`, from the edit page).
 */
export async function proposalPage(token: string, preview: boolean): Promise<ClientView> {
  const db = await getSiteDb();
  const row = await proposalByShareToken(db, token);
  if (!row) notFound();
  const view = await clientView(db, row);
  if (!preview && view.kind === 'open') await recordView(db, row.id);
  return view;
}

/** The page's title: the proposal's own, or nothing that says more than "not found" about a token. */
export async function proposalTitle(token: string): Promise<string | null> {
  const row = await proposalByShareToken(await getSiteDb(), token);
  return row ? row.title : null;
}

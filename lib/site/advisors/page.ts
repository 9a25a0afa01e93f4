import 'server-only';
import { notFound } from 'next/navigation';
import { after } from 'next/server';
import { cache } from 'react';
import { getSiteDb } from '@/lib/site/db/client';
import { logger } from '@/lib/site/logger';
import { proposalByShareToken, recordView } from './proposals';
import { type ClientView, clientView } from './view';

/** A proposal by its share token, read once per request (the page and its title both ask). */
const proposalOf = cache(async (token: string) => proposalByShareToken(await getSiteDb(), token));

/**
 * The client's page of a proposal (the site's and the embed's): the site's not-found page for an unknown
 * token or a draft; a view counted unless it is the advisor's preview (`?preview=1`, from the edit page),
 * once the page has been sent (a view waits on no write).
 */
export async function proposalPage(token: string, preview: boolean): Promise<ClientView> {
  const row = await proposalOf(token);
  if (!row) notFound();
  const db = await getSiteDb();
  const view = await clientView(db, row);
  if (!preview && view.kind === 'open')
    after(() =>
      recordView(db, row.id).catch((error: unknown) =>
        logger.warn({ err: error, proposal: row.id }, 'a proposal view was not counted'),
      ),
    );
  return view;
}

/** The page's title: the proposal's own, or nothing that says more than "not found" about a token. */
export async function proposalTitle(token: string): Promise<string | null> {
  const row = await proposalOf(token);
  return row ? row.title : null;
}

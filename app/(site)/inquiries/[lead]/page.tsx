import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Confirmation } from '@/components/inquiry/confirmation';
import { getSiteDb } from '@/lib/site/db/client';
import { findLead, isLeadId } from '@/lib/site/leads';

export const metadata: Metadata = { title: 'Your inquiry', robots: { index: false } };

// The confirmation, by the lead's unguessable id: a reference can be guessed, and the page names the traveller.
export default async function ConfirmationPage({ params }: { params: Promise<{ lead: string }> }) {
  const { lead: id } = await params;
  const row = isLeadId(id) ? await findLead(await getSiteDb(), id) : undefined;
  if (!row) notFound();
  return <Confirmation row={row} />;
}

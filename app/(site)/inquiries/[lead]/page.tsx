import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Confirmation } from '@/components/inquiry/confirmation';
import { DisplayMoneyProvider } from '@/components/property/display-money';
import { getSiteDb } from '@/lib/site/db/client';
import { findLead, isLeadId } from '@/lib/site/leads';
import { pageDisplayMoney } from '@/lib/site/replica';

export const metadata: Metadata = { title: 'Your inquiry', robots: { index: false } };

// The confirmation, by the lead's unguessable id: a reference can be guessed, and the page names the traveller.
export default async function ConfirmationPage({
  params,
  searchParams,
}: {
  params: Promise<{ lead: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { lead: id } = await params;
  const row = isLeadId(id) ? await findLead(await getSiteDb(), id) : undefined;
  if (!row) notFound();
  // The display currency chosen travels on: "about" beside the quoted total, and on the link back.
  const asked = (await searchParams).currency;
  const display = pageDisplayMoney(asked, row.shown?.quote ? [row.shown.quote.currency] : []);
  return (
    <DisplayMoneyProvider value={display}>
      <Confirmation row={row} currency={asked === display.currency ? display.currency : null} />
    </DisplayMoneyProvider>
  );
}

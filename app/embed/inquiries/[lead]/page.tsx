import { notFound } from 'next/navigation';
import { EmbedBridge } from '@/components/embed/bridge';
import { Confirmation } from '@/components/inquiry/confirmation';
import { getSiteDb } from '@/lib/site/db/client';
import { embedHost } from '@/lib/site/embed';
import { findLead, isLeadId } from '@/lib/site/leads';

export default async function EmbedConfirmationPage({
  params,
  searchParams,
}: {
  params: Promise<{ lead: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { lead: id } = await params;
  const row = isLeadId(id) ? await findLead(await getSiteDb(), id) : undefined;
  if (!row) notFound();
  const host = embedHost((await searchParams).host);
  const hostQuery = host ? `?host=${encodeURIComponent(host)}` : '';
  return (
    <EmbedBridge host={host}>
      <main className="p-3">
        <Confirmation row={row} rentalPath={(id) => `/embed/properties/${id}${hostQuery}`} />
      </main>
    </EmbedBridge>
  );
}

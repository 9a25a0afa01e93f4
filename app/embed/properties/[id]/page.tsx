import { EmbedBridge } from '@/components/embed/bridge';
import { EmbedBooking } from '@/components/embed/embed-property';
import { Gallery } from '@/components/property/gallery';
import { KeyFacts } from '@/components/property/key-facts';
import { StayPending } from '@/components/property/stay-pending';
import { embedHost } from '@/lib/site/embed';
import { propertyAreas, propertyOrNotFound, stayFromQuery } from '@/lib/site/property-page';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// /embed/properties/{id}?host=<partner origin>&checkin&checkout&adults&children&bedrooms&reference
export default async function EmbedPropertyPage({ params, searchParams }: Props) {
  const p = await propertyOrNotFound((await params).id);
  const { photos, booking } = await propertyAreas(p);
  const q = await searchParams;
  const host = embedHost(q.host);
  const { stay, reference } = stayFromQuery(q);
  return (
    <EmbedBridge host={host}>
      <main className="flex flex-col gap-4 p-3">
        <header>
          <h1 className="text-2xl font-semibold text-ink-900">{p.name}</h1>
          <KeyFacts p={p} withPlace className="text-sm text-ink-700" />
        </header>
        <Gallery name={p.name} photos={photos} />
        <StayPending />
        <EmbedBooking
          data={booking}
          initial={stay}
          reference={reference}
          hostQuery={host ? `?host=${encodeURIComponent(host)}` : ''}
        />
      </main>
    </EmbedBridge>
  );
}

import { EmbedBridge } from '@/components/embed/bridge';
import { EmbedBooking } from '@/components/embed/embed-property';
import { Gallery } from '@/components/property/gallery';
import { plural } from '@/lib/site/browser';
import { embedHost } from '@/lib/site/embed';
import { propertyAreas, propertyOrNotFound, stayFromQuery } from '@/lib/site/property-page';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// /embed/properties/{id}?host=<partner origin>&checkin&checkout&adults&children&bedrooms&reference
export default async function EmbedPropertyPage({ params, searchParams }: Props) {
  const p = await propertyOrNotFound((await params).id);
  const { images, rates, availability } = await propertyAreas(p.id);
  const q = await searchParams;
  const host = embedHost(q.host);
  return (
    <EmbedBridge host={host}>
      <main className="flex flex-col gap-4 p-3">
        <header>
          <h1 className="text-2xl font-semibold text-ink-900">{p.name}</h1>
          <p className="text-sm text-ink-700">
            <span className="capitalize">{p.type}</span> · {p.location.path.slice(-2).join(', ')} ·{' '}
            {plural(p.bedrooms, 'bedroom')} · {plural(p.bathrooms, 'bathroom')} · sleeps {p.sleeps}
            {p.rating !== null && <> · rated {p.rating.toFixed(1)} out of 5</>}
          </p>
        </header>
        <Gallery
          name={p.name}
          photos={images.images.map((i) => ({ id: i.id, url: i.url, caption: i.caption }))}
        />
        <EmbedBooking
          propertyId={p.id}
          sleeps={p.sleeps}
          maxBedrooms={p.bedrooms}
          booked={availability.booked}
          rates={{ rates: rates.rates, default_rate: rates.default_rate }}
          hostQuery={host ? `?host=${encodeURIComponent(host)}` : ''}
          initial={stayFromQuery(q)}
        />
      </main>
    </EmbedBridge>
  );
}

import { notFound } from 'next/navigation';
import { EmbedBridge } from '@/components/embed/bridge';
import { EmbedBooking } from '@/components/embed/embed-property';
import { Gallery } from '@/components/property/gallery';
import { catalog, UpstreamError } from '@/lib/catalog-client';
import type { Availability, PropertyDetail, PropertyImages, RateSheet } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { embedHost } from '@/lib/site/embed';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const int = (v: string | string[] | undefined) => {
  const n = Number(one(v));
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

// /embed/properties/{id}?host=<partner origin>&checkin&checkout&adults&children&bedrooms&reference
export default async function EmbedPropertyPage({ params, searchParams }: Props) {
  const raw = (await params).id;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const c = catalog();
  let p: PropertyDetail;
  try {
    p = (await c.property(id)).data as PropertyDetail;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    throw error;
  }
  const [images, rates, availability] = await Promise.all([
    c.images(p.id).then((a) => a.data as PropertyImages),
    c.rates(p.id).then((a) => a.data as RateSheet),
    c.availability(p.id).then((a) => a.data as Availability),
  ]);
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
          initial={{
            checkin: one(q.checkin),
            checkout: one(q.checkout),
            adults: int(q.adults) ?? int(q.guests),
            children: int(q.children),
            bedrooms: int(q.bedrooms),
            reference: one(q.reference),
          }}
        />
      </main>
    </EmbedBridge>
  );
}

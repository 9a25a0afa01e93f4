import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Booking } from '@/components/property/booking';
import { PropertyDetails, RatesTable } from '@/components/property/details';
import { Gallery } from '@/components/property/gallery';
import { catalog, UpstreamError } from '@/lib/catalog-client';
import type { Availability, PropertyDetail, PropertyImages, RateSheet } from '@/lib/contract';
import { plural } from '@/lib/site/browser';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function property(rawId: string): Promise<PropertyDetail> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  if (id < 1) notFound();
  try {
    return (await catalog().property(id)).data as PropertyDetail;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await property((await params).id);
  return {
    title: `${p.name}, ${p.location.name}`,
    description: `${p.type} in ${p.location.path.join(', ')}: ${p.bedrooms} bedrooms, sleeps ${p.sleeps}. Live prices and availability.`,
    alternates: { canonical: `/properties/${p.id}` },
  };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const int = (v: string | string[] | undefined) => {
  const n = Number(one(v));
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export default async function PropertyPage({ params, searchParams }: Props) {
  const p = await property((await params).id);
  const c = catalog();
  const [images, rates, availability] = await Promise.all([
    c.images(p.id).then((a) => a.data as PropertyImages),
    c.rates(p.id).then((a) => a.data as RateSheet),
    c.availability(p.id).then((a) => a.data as Availability),
  ]);
  const q = await searchParams;
  return (
    <article className="flex flex-col gap-8">
      <header>
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap gap-1 text-sm text-ink-700">
            {p.location.path.map((name, i) => (
              <li key={name} className={i > 0 ? "before:mx-1 before:content-['›']" : ''}>
                {i === p.location.path.length - 1 ? (
                  <Link className="underline" href={`/destinations/${p.location.id}`}>
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink-900">{p.name}</h1>
        <p className="mt-1 text-ink-700">
          <span className="capitalize">{p.type}</span> · {plural(p.bedrooms, 'bedroom')} ·{' '}
          {plural(p.bathrooms, 'bathroom')} · sleeps {p.sleeps}
          {p.rating !== null && <> · rated {p.rating.toFixed(1)} out of 5</>}
        </p>
      </header>
      <Gallery
        name={p.name}
        photos={images.images.map((i) => ({ id: i.id, url: i.url, caption: i.caption }))}
      />
      <Booking
        propertyId={p.id}
        sleeps={p.sleeps}
        maxBedrooms={p.bedrooms}
        booked={availability.booked}
        rates={{ rates: rates.rates, default_rate: rates.default_rate }}
        initial={{
          checkin: one(q.checkin),
          checkout: one(q.checkout),
          adults: int(q.adults) ?? int(q.guests),
          children: int(q.children),
          bedrooms: int(q.bedrooms),
          reference: one(q.reference),
        }}
      />
      <PropertyDetails p={p} />
      <RatesTable rates={rates} />
    </article>
  );
}

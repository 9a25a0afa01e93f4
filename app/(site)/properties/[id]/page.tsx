import type { Metadata } from 'next';
import Link from 'next/link';
import { Booking } from '@/components/property/booking';
import { PropertyDetails, RatesTable } from '@/components/property/details';
import { Gallery } from '@/components/property/gallery';
import { KeyFacts } from '@/components/property/key-facts';
import { propertyAreas, propertyOrNotFound, stayFromQuery } from '@/lib/site/property-page';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = await propertyOrNotFound((await params).id);
  return {
    title: `${p.name}, ${p.location.name}`,
    description: `${p.type} in ${p.location.path.join(', ')}: ${p.bedrooms} bedrooms, sleeps ${p.sleeps}. Live prices and availability.`,
    alternates: { canonical: `/properties/${p.id}` },
  };
}

export default async function PropertyPage({ params, searchParams }: Props) {
  const p = await propertyOrNotFound((await params).id);
  const { rates, photos, booking } = await propertyAreas(p);
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
        <KeyFacts p={p} className="mt-1 text-ink-700" />
      </header>
      <Gallery name={p.name} photos={photos} />
      <Booking {...booking} initial={stayFromQuery(q)} />
      <PropertyDetails p={p} />
      <RatesTable rates={rates} />
    </article>
  );
}

import Link from 'next/link';

/** What an unknown address says, inside the site's frame, with ways back in. */
export function NotFoundMessage() {
  return (
    <section aria-labelledby="nf-title" className="mx-auto max-w-xl py-16 text-center">
      <h1 id="nf-title" className="text-2xl font-semibold text-ink-900">
        We could not find that page
      </h1>
      <p className="mt-3 text-ink-700">
        The address may be mistyped, or the rental or destination may have left our catalog.
      </p>
      <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link className="font-medium text-brand-700 underline" href="/">
          Search rentals
        </Link>
        <Link className="font-medium text-brand-700 underline" href="/destinations">
          Browse destinations
        </Link>
        <Link className="font-medium text-brand-700 underline" href="/search">
          See all rentals
        </Link>
      </p>
    </section>
  );
}

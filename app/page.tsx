export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-16">
      <h1 className="text-4xl font-semibold tracking-tight text-brand-900">Villa &amp; Co.</h1>
      <p className="text-lg text-ink-700">
        Vacation rentals in hundreds of destinations, with live prices and reservations agents who answer
        every inquiry.
      </p>
      <p className="text-ink-500">
        Partners: the Catalog API v2 sandbox is served at{' '}
        <code className="rounded bg-sand-100 px-1">/v2</code>.
      </p>
    </main>
  );
}

import Link from 'next/link';

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="border-b border-sand-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="text-xl font-semibold tracking-tight text-brand-900">
          {siteName}
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm font-medium text-ink-700">
            <li>
              <Link className="hover:text-brand-700 hover:underline" href="/destinations">
                Destinations
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand-700 hover:underline" href="/search">
                All rentals
              </Link>
            </li>
            <li>
              <Link
                className="rounded-full bg-brand-700 px-4 py-2 text-white hover:bg-brand-900"
                href="/inquire"
                prefetch={false}
              >
                Ask an agent
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

import Link from 'next/link';
import { KeptLink } from './kept-link';

export function SiteFooter({ siteName }: { siteName: string }) {
  // A name that ends its own sentence ("Villa & Co.") takes no second full stop.
  const signed = /[.!?]$/.test(siteName) ? siteName : `${siteName}.`;
  return (
    <footer className="mt-16 border-t border-sand-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-ink-700 sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {signed} Prices and availability come live from our catalog; every inquiry is answered by a
          reservations agent.
        </p>
        <nav aria-label="Footer" className="shrink-0">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            <li>
              <KeptLink className="underline" href="/destinations">
                Destinations
              </KeptLink>
            </li>
            <li>
              <KeptLink className="underline" href="/inquire" prefetch={false}>
                General request
              </KeptLink>
            </li>
            <li>
              <Link className="underline" href="/partners">
                Embed for partners
              </Link>
            </li>
            <li>
              <Link className="underline" href="/docs/api">
                Partner API
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

'use client';

import Link from 'next/link';
import { useShortlist } from './use-shortlist';

/** The header's way to the shortlist, with how many rentals are on it once this browser has saved some. */
export function ShortlistLink() {
  const saved = Object.keys(useShortlist()?.saved ?? {}).length;
  return (
    <Link
      className="relative inline-flex items-center gap-1 hover:text-brand-700 hover:underline"
      href="/shortlist"
      prefetch={false}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path
          strokeLinejoin="round"
          d="M10 17s-6.5-3.9-6.5-8.6A3.6 3.6 0 0 1 10 6.2a3.6 3.6 0 0 1 6.5 2.2C16.5 13.1 10 17 10 17z"
        />
      </svg>
      {/* A word on wider screens; on a phone the heart and the count keep the header to one row. */}
      <span className="sr-only sm:not-sr-only">Shortlist</span>
      {saved > 0 && (
        // On a phone a badge on the heart, taking no room of the row; beside the word on wider screens.
        <span className="absolute -top-2 left-2.5 min-w-4 rounded-full bg-brand-700 px-1 text-center text-[10px] font-semibold leading-4 text-white sm:static sm:min-w-0 sm:bg-sand-100 sm:px-1.5 sm:py-0.5 sm:text-xs sm:leading-4 sm:text-ink-900">
          {saved}
          <span className="sr-only"> saved</span>
        </span>
      )}
    </Link>
  );
}

'use client';

// A page that failed to render (the catalog unreachable, most often): say so, and offer to try again.
export default function SiteError({ reset }: { error: Error; reset: () => void }) {
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-xl py-16 text-center">
      <h1 id="error-title" className="text-2xl font-semibold text-ink-900">
        This page could not be loaded
      </h1>
      <p className="mt-3 text-ink-700">Our catalog did not answer in time. Please try again in a moment.</p>
      <button
        type="button"
        onClick={reset}
        className="mt-6 rounded-full bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900"
      >
        Try again
      </button>
    </section>
  );
}

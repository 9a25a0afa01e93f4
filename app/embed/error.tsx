'use client';

// Inside a partner's frame, a page that failed to render (the catalog down or over its limit) says so in a
// few lines, without the site's header and footer, and offers to try again: the frame shows this, not the
// framework's bare error.
export default function EmbedError({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="p-6 text-center">
      <h1 className="text-xl font-semibold text-ink-900">This can’t be shown right now</h1>
      <p className="mt-2 text-ink-700">Our catalog is busy or not answering. Please try again in a moment.</p>
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded-full bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900"
      >
        Try again
      </button>
    </main>
  );
}

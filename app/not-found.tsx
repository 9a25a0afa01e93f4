import Link from 'next/link';

// Paths outside every section: a plain page (the site's section has its own, inside the shell).
export default function RootNotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-4">
        <Link className="text-brand-700 underline" href="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}

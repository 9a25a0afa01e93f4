// Inside a partner's frame an unknown rental is said plainly, without the full site's header and footer.
export default function EmbedNotFound() {
  return (
    <main className="p-6 text-center">
      <h1 className="text-xl font-semibold text-ink-900">This rental is not in our catalog</h1>
      <p className="mt-2 text-ink-700">It may have left the catalog; the partner’s page can offer another.</p>
    </main>
  );
}

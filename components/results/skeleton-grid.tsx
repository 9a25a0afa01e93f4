/** Cards' shapes while results load (a navigation to results, or the results view's code on its way). */
export function SkeletonGrid({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="animate-pulse overflow-hidden rounded-2xl bg-white ring-1 ring-sand-200">
          <div className="aspect-[4/3] bg-sand-100" />
          <div className="space-y-2 p-4">
            <div className="h-5 w-3/4 rounded bg-sand-100" />
            <div className="h-4 w-1/2 rounded bg-sand-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

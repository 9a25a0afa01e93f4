/** What a map's box shows while MapLibre loads (the results map and the property map). */
export function MapPlaceholder() {
  return (
    <div className="grid h-full w-full place-items-center bg-[#c6dfe6] text-sm text-ink-900 lg:rounded-2xl">
      <span role="status">Loading the map…</span>
    </div>
  );
}

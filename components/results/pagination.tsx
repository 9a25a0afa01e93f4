/**
 * Pages of results: previous and next, the first and last, and the pages either side of this one, with a
 * gap marked where pages are skipped. Each a real link (a new tab, or before the view's script has run),
 * followed in place when pressed.
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  onGo,
}: {
  page: number;
  pages: number;
  hrefFor: (n: number) => string;
  onGo: (n: number) => void;
}) {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const item = (n: number, label: string, rel?: string) => (
    <a
      href={hrefFor(n)}
      rel={rel}
      aria-current={n === page && !rel ? 'page' : undefined}
      onClick={(e) => {
        e.preventDefault();
        onGo(n);
      }}
      className={`rounded-full px-3 py-1 ${n === page && !rel ? 'bg-brand-700 text-white' : 'bg-white ring-1 ring-sand-200 hover:bg-sand-100'}`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && <li>{item(page - 1, 'Previous', 'prev')}</li>}
        {shown.map((n, i) => (
          <li key={n} className="flex items-center gap-2">
            {i > 0 && n - shown[i - 1]! > 1 && <span aria-hidden="true">…</span>}
            {item(n, String(n))}
          </li>
        ))}
        {page < pages && <li>{item(page + 1, 'Next', 'next')}</li>}
      </ul>
    </nav>
  );
}

import type { PropertyDetail } from '@/lib/contract';
import { count, plural } from '@/lib/site/browser';

/** "Villa · Tuscany, Lucca · 4 bedrooms · 3 bathrooms · sleeps 8 · rated 4.6 out of 5" (the place when asked). */
export function KeyFacts({
  p,
  withPlace = false,
  className,
}: {
  p: PropertyDetail;
  withPlace?: boolean;
  className?: string;
}) {
  return (
    <p className={className}>
      <span className="capitalize">{p.type}</span>
      {withPlace && <> · {p.location.path.slice(-2).join(', ')}</>} · {plural(p.bedrooms, 'bedroom')} ·{' '}
      {plural(p.bathrooms, 'bathroom')} · sleeps {count(p.sleeps)}
      {p.rating !== null && <> · rated {p.rating.toFixed(1)} out of 5</>}
    </p>
  );
}

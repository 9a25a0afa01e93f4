import { money, roughMoney } from '@/components/property/format';
import { plural } from '@/lib/site/browser';
import type { SavedEntry } from './shortlist-client';

/** A saved rental's price for its stay: the total first (as every card), "from" a nightly rate without dates. */
export function SavedPrice({ price }: { price: SavedEntry['price'] }) {
  if (!price) return <p className="text-sm text-ink-700">Open the rental for its price.</p>;
  if (price.kind === 'on_request') return <p className="font-medium text-ink-900">Price on request</p>;
  if (price.kind === 'unavailable' || price.amount === null)
    return <p className="text-sm text-ink-700">{price.reason ?? 'No price for these dates'}</p>;
  // As on the result cards: the figure in the display currency beside it when the rental prices in another.
  const converted = price.converted?.amount != null && (
    <span className="block text-sm text-ink-700">
      about {roughMoney(price.converted.amount, price.converted.currency)}
      {price.kind === 'from' ? ' a night' : ''}
    </span>
  );
  if (price.kind === 'from')
    return (
      <p className="text-ink-900">
        <span className="text-sm text-ink-700">from </span>
        <span className="text-lg font-semibold">{roughMoney(price.amount, price.currency)}</span>
        <span className="text-sm text-ink-700"> a night</span>
        {converted}
      </p>
    );
  return (
    <p className="text-ink-900">
      <span className="text-lg font-semibold" data-testid="saved-total">
        {money(price.amount, price.currency)}
      </span>{' '}
      <span className="text-sm text-ink-700">total · {plural(price.nights ?? 0, 'night')}</span>
      {converted}
    </p>
  );
}

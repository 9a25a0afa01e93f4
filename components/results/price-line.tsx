import { money, roughMoney } from '@/components/property/format';
import { plural } from '@/lib/site/browser';
import type { CardPrice } from '@/lib/site/replica/types';

const ACCURACY_WORD: Record<string, string> = { estimated: 'estimated', incomplete: 'incomplete' };

/**
 * A card price's headline figure, as the card, its line on the map and its marker all write it: the stay's
 * total to the cent ("€1,621"), a "from" rate rounded ("€120"), "On request"; null when there is no figure
 * (no price for these dates).
 */
export function priceHeadline(price: CardPrice | undefined): string | null {
  if (!price) return null;
  if (price.kind === 'on_request') return 'On request';
  if (price.kind === 'unavailable' || price.amount === null) return null;
  return price.kind === 'stay'
    ? money(price.amount, price.currency)
    : roughMoney(price.amount, price.currency);
}

/**
 * The card's price as a traveller reads it: "€1,621 total · 7 nights" for the dates searched (exactly the
 * quote's total), "from €120 a night" without dates, a word when the figure is estimated or incomplete, and
 * the figure in the display currency beside it when the rental prices in another.
 */
export function PriceLine({ price }: { price: CardPrice }) {
  if (price.kind === 'on_request')
    return <p className="mt-3 text-sm font-medium text-ink-900">Price on request</p>;
  if (price.kind === 'unavailable' || price.amount === null)
    return <p className="mt-3 text-sm text-ink-700">{price.reason ?? 'No price for these dates'}</p>;
  const accuracy = price.accuracy ? ACCURACY_WORD[price.accuracy] : undefined;
  const converted = price.converted?.amount ?? null;
  return (
    <p className="mt-3 text-ink-900" data-testid="card-price">
      {price.kind === 'stay' ? (
        <>
          <span className="text-lg font-semibold" data-testid="card-total">
            {money(price.amount, price.currency)}
          </span>{' '}
          <span className="whitespace-nowrap text-sm text-ink-700">
            total · {plural(price.nights ?? 0, 'night')}
          </span>
        </>
      ) : (
        <>
          <span className="text-sm text-ink-700">from </span>
          <span className="text-lg font-semibold">{roughMoney(price.amount, price.currency)}</span>
          <span className="text-sm text-ink-700"> a night</span>
        </>
      )}
      {accuracy && <span className="ml-1 text-sm text-ink-700">({accuracy})</span>}
      {converted !== null && price.converted && (
        <span className="block text-sm text-ink-700" data-testid="card-converted">
          about {roughMoney(converted, price.converted.currency)}
          {price.kind === 'from' ? ' a night' : ''}
        </span>
      )}
    </p>
  );
}

/** The price in a line on the map: its headline, "from" before a rate, "total" or "a night" after. */
export function ShortPrice({ price }: { price: CardPrice }) {
  const text = priceHeadline(price);
  if (!text) return null;
  return (
    <p className="mt-1 truncate text-ink-900">
      {price.kind === 'from' && <span className="text-sm text-ink-700">from </span>}
      <span className="font-semibold">{text}</span>
      <span className="text-sm text-ink-700">
        {price.kind === 'stay' ? ' total' : price.kind === 'from' ? ' a night' : ''}
      </span>
    </p>
  );
}

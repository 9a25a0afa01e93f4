import { money, roughMoney, stayDates } from '@/components/property/format';
import type { OptionToday } from '@/lib/site/advisors/view';
import type { QuotedPrice } from '@/lib/site/browser/advisors';

const ACCURACY: Record<string, string> = {
  estimated: 'Estimated: some nights use last year’s rates.',
  incomplete: 'Some nights have no published rate: the agent will complete the price.',
};

/**
 * An option's price as the client reads it: today's total as the headline; both figures when it moved since
 * the proposal was sent ("€2,340 when sent · €2,410 today"); and when the stay is gone, why, with the
 * nearest stays the rules allow, each a link to the rental with that stay.
 */
export function OptionPrice({
  sent,
  today,
  choose,
}: {
  sent: QuotedPrice | null;
  today: OptionToday;
  /** The rental's link with other dates (and the proposal's choice), for the nearest stays. */
  choose: (dates: { checkin: string; checkout: string }) => string;
}) {
  if (today.kind === 'priced') {
    const p = today.price;
    return (
      <div data-testid="option-price">
        <p>
          <span className="text-2xl font-semibold text-ink-900" data-testid="option-total">
            {money(p.total, p.currency)}
          </span>{' '}
          <span className="text-sm text-ink-700">total</span>
        </p>
        {today.moved && sent && (
          <p className="text-sm font-medium text-ink-900" data-testid="option-moved">
            {money(sent.total, sent.currency)} when sent · {money(p.total, p.currency)} today
          </p>
        )}
        {p.averageNightly !== null && (
          <p className="text-sm text-ink-700">
            {roughMoney(p.total / p.nights, p.currency)} a night on average, taxes and fees included
          </p>
        )}
        {p.accuracy && ACCURACY[p.accuracy] && <p className="text-xs text-ink-700">{ACCURACY[p.accuracy]}</p>}
      </div>
    );
  }
  if (today.kind === 'on_request')
    return <p className="text-xl font-semibold text-ink-900">Price on request</p>;
  if (today.kind === 'gone')
    return (
      <p className="font-medium text-ink-900">
        This rental has left the catalog; ask your advisor for another.
      </p>
    );
  if (today.kind === 'unknown')
    return (
      <div data-testid="option-price">
        {sent && <p className="text-2xl font-semibold text-ink-900">{money(sent.total, sent.currency)}</p>}
        <p className="text-sm text-ink-700">
          {sent ? 'when sent · ' : ''}Today’s price can’t be checked right now; it is checked again when you
          choose.
        </p>
      </div>
    );
  return (
    <div className="rounded-xl bg-sand-100 p-3 text-sm" data-testid="option-unavailable">
      <p className="font-medium text-ink-900">No longer possible: {today.reason}</p>
      {today.nearest.length > 0 ? (
        <>
          <p className="mt-2 text-ink-700">The nearest stays this rental allows:</p>
          <ul className="mt-1 flex flex-col gap-1">
            {today.nearest.map((s) => (
              <li key={s.checkin}>
                <a className="font-medium text-brand-700 underline" href={choose(s)}>
                  {stayDates(s.checkin, s.checkout)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-ink-700">Ask your advisor for other dates.</p>
      )}
    </div>
  );
}

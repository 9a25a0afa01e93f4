import type { Quote, RateSheet } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { cancellationTerms } from '@/lib/site/browser/cancellation';
import { bedroomsOf } from '@/lib/site/browser/party';
import { RATES_NOT_PUBLISHED } from '@/lib/site/browser/price-words';
import { CancellationTerms } from './cancellation-terms';
import { AboutMoney } from './display-money';
import { currencyDigits, money, roughMoney } from './format';

/*
 * A quote as travellers read one: "€X × N nights", each fee on its own line by its name, the discount,
 * taxes with their rate, the total as the headline; a refundable deposit apart, said to be returned.
 * No state of its own: the property page draws the price of the stay it opens with on the server, and the
 * booking widget loads this for every later one.
 */

type Fee = RateSheet['fees'][number];

/**
 * Each fee's share of a quote. The API gives only the fees' sum, so the lines are worked out from the rate
 * sheet by the fee types (docs/decisions.md#property-and-fee-types), and used only when they add up to the API's sum: if our arithmetic
 * ever drifts from the service's, the traveller sees one honest "Fees" line, never lines that disagree.
 */
export function feeLines(
  fees: Fee[],
  quote: Quote,
  refundable: boolean,
): { name: string; amount: number }[] | null {
  const { nights, guests } = quote.stay;
  const people = guests.adults + guests.children;
  const rent = quote.totals.rate - quote.totals.discounts;
  const digits = currencyDigits(quote.currency.code);
  const minor = 10 ** digits;
  const round = (v: number) => Math.round(v * minor) / minor;
  const lines = fees
    .filter((f) => f.refundable === refundable)
    .map((f) => {
      const per: Record<string, number> = {
        per_night: nights,
        per_guest: people,
        per_adult: guests.adults,
        per_child: guests.children,
        per_guest_per_night: people * nights,
        percent: rent / 100,
      };
      return { name: f.name, amount: round(f.amount * (per[f.type] ?? 1)) };
    })
    .filter((l) => l.amount !== 0);
  const expected = refundable ? quote.totals.refundable_deposits : quote.totals.fees;
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  return Math.abs(sum - expected) < 0.5 / minor + lines.length / minor ? lines : null;
}

const ESTIMATED =
  'An estimate: some nights use last year’s rates because this year’s are not published yet. An agent will confirm the price.';

type BreakdownProps = {
  quote: Quote;
  fees: Fee[];
  taxes: RateSheet['taxes'];
  /** Open with the total, large (false where the total is already the headline above). */
  headline?: boolean;
  /** The rental's bedrooms: the headline says how many of them the price is for ("2 of 6 bedrooms"). */
  bedrooms?: number;
  /** The rate sheet's periods: the stay's cancellation terms are said beneath the price. */
  rates?: Pick<RateSheet, 'rates' | 'default_rate'>;
};

/** The price of a stay line by line, and beneath it the cancellation terms of the rates it used. */
export function PriceBreakdown({ rates, ...props }: BreakdownProps) {
  const { checkin, checkout, bedrooms } = props.quote.stay;
  return (
    <>
      <Breakdown {...props} />
      {rates && (
        <CancellationTerms
          className="mt-3 border-t border-sand-200 pt-3"
          terms={cancellationTerms(rates, { checkin, checkout, bedrooms })}
        />
      )}
    </>
  );
}

function Breakdown({ quote, fees, taxes, headline = true, bedrooms }: Omit<BreakdownProps, 'rates'>) {
  if (quote.price_on_request) {
    return (
      <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-900">
        Price on request: this rental is priced by an agent. Send an inquiry and they will reply with the
        price for your dates.
      </p>
    );
  }
  // Some nights have no published rate: the quote's sum leaves them out, so it is no total (price-words.ts).
  // Where the words are already the headline above (the booking card), only what to do next.
  if (quote.accuracy === 'incomplete') {
    return (
      <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-900" data-testid="price-incomplete">
        {headline ? `${RATES_NOT_PUBLISHED}. ` : ''}Send an inquiry and an agent will reply with the price of
        every night of your stay.
      </p>
    );
  }
  const c = quote.currency.code;
  const t = quote.totals;
  const nights = quote.stay.nights;
  const varies = quote.rate_range !== null && quote.rate_range.min !== quote.rate_range.max;
  const average = quote.average_nightly_rate;
  const charges = feeLines(fees, quote, false);
  const deposits = feeLines(fees, quote, true);
  const taxNames = taxes.map((x) => `${x.name} ${x.rate}%`).join(', ');
  return (
    <div>
      {headline && (
        <>
          <p className="flex items-baseline justify-between gap-2 text-ink-900">
            <span className="text-lg font-semibold">Total</span>
            <span className="text-2xl font-semibold" data-testid="quote-total">
              {money(t.total, c)}
            </span>
          </p>
          <p className="text-right">
            <AboutMoney amount={t.total} currency={c} />
          </p>
          <p className="text-sm text-ink-700" data-testid="quote-for">
            for {plural(nights, 'night')}
            {bedrooms ? `, ${bedroomsOf(quote.stay.bedrooms, bedrooms)}` : ''}, taxes and fees included
          </p>
        </>
      )}
      <dl
        className={`space-y-1 text-sm text-ink-700 ${headline ? 'mt-3 border-t border-sand-200 pt-3' : ''}`}
      >
        <Line
          label={
            average !== null
              ? varies
                ? `${roughMoney(average, c)} average × ${plural(nights, 'night')}`
                : `${money(average, c)} × ${plural(nights, 'night')}`
              : `Rent for ${plural(nights, 'night')}`
          }
          value={money(t.rate, c)}
        />
        {t.discounts > 0 && <Line label="Special offer discount" value={`−${money(t.discounts, c)}`} />}
        {charges
          ? charges.map((l) => <Line key={l.name} label={l.name} value={money(l.amount, c)} />)
          : t.fees > 0 && <Line label="Fees" value={money(t.fees, c)} />}
        {t.taxes > 0 && (
          <Line
            label={`Taxes${quote.tax_rate !== null ? ` (${taxNames || `${quote.tax_rate}%`})` : ''}`}
            value={money(t.taxes, c)}
          />
        )}
        {!headline && (
          <div className="flex justify-between gap-3 border-t border-sand-200 pt-2 font-semibold text-ink-900">
            <dt>Total</dt>
            <dd className="text-right">
              {money(t.total, c)}
              <AboutMoney amount={t.total} currency={c} className="block text-xs font-normal text-ink-700" />
            </dd>
          </div>
        )}
      </dl>
      {t.refundable_deposits > 0 && (
        <div className="mt-3 rounded-lg bg-sand-50 p-3 text-sm text-ink-700 ring-1 ring-sand-200">
          <p>
            <span className="font-medium text-ink-900">
              {deposits?.map((d) => d.name).join(' and ') || 'Refundable deposit'}:{' '}
              {money(t.refundable_deposits, c)}
            </span>
          </p>
          <p>Paid before arrival and returned after your stay; not part of the total.</p>
        </div>
      )}
      {quote.accuracy === 'estimated' && <p className="mt-3 text-sm text-amber-900">{ESTIMATED}</p>}
    </div>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className="whitespace-nowrap text-ink-900">{value}</dd>
    </div>
  );
}

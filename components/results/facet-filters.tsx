import { roughMoney } from '@/components/property/format';
import type { FacetChoice, Facets } from '@/lib/site/replica/types';

/*
 * The filters over the catalog's facts (lib/site/search/filters.ts): property type, amenities, bathrooms,
 * rating and policies, each choice with the count choosing it would leave, as the listing sites show them;
 * and the histogram of nightly prices drawn above the price range. Plain form fields (checkboxes and radio
 * buttons), so the keyboard and a screen reader work them as any form; the form's submit reads them.
 */

const LEGEND = 'block text-sm font-medium text-ink-700';
const BOX = 'h-4 w-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500';

function Choice({
  type,
  name,
  choice,
  checked,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  choice: FacetChoice;
  checked: boolean;
}) {
  const id = `f-${name}-${choice.value}`;
  const none = choice.count === 0 && !checked;
  return (
    <li className="flex items-center gap-2">
      <input id={id} type={type} name={name} value={choice.value} defaultChecked={checked} className={BOX} />
      <label htmlFor={id} className={`flex-1 text-sm ${none ? 'text-ink-500' : 'text-ink-900'}`}>
        {choice.label}
      </label>
      <span className="text-ink-600 text-xs tabular-nums" aria-hidden="true">
        {choice.count}
      </span>
      <span className="sr-only">({choice.count} rentals)</span>
    </li>
  );
}

function Group({
  legend,
  name,
  type,
  choices,
  asked,
}: {
  legend: string;
  name: string;
  type: 'checkbox' | 'radio';
  choices: FacetChoice[];
  asked: string[];
}) {
  if (!choices.length) return null;
  return (
    <fieldset>
      <legend className={LEGEND}>{legend}</legend>
      <ul className="mt-2 grid gap-1.5">
        {type === 'radio' && (
          <li className="flex items-center gap-2">
            <input
              id={`f-${name}-any`}
              type="radio"
              name={name}
              value=""
              defaultChecked={asked.length === 0}
              className={BOX}
            />
            <label htmlFor={`f-${name}-any`} className="text-ink-900 text-sm">
              Any
            </label>
          </li>
        )}
        {choices.map((c) => (
          <Choice key={c.value} type={type} name={name} choice={c} checked={asked.includes(c.value)} />
        ))}
      </ul>
    </fieldset>
  );
}

const listOf = (params: URLSearchParams, key: string) => params.get(key)?.split(',').filter(Boolean) ?? [];

/** The facts' filters, with counts. */
export function FacetFilters({ facets, params }: { facets: Facets; params: URLSearchParams }) {
  const one = (key: string) => (params.has(key) ? [params.get(key)!] : []);
  return (
    <>
      <Group
        legend="Property type"
        name="type"
        type="checkbox"
        choices={facets.types}
        asked={listOf(params, 'type')}
      />
      <Group
        legend="Amenities"
        name="amenities"
        type="checkbox"
        choices={facets.amenities}
        asked={listOf(params, 'amenities')}
      />
      <Group
        legend="Bathrooms"
        name="bathrooms"
        type="radio"
        choices={facets.bathrooms}
        asked={one('bathrooms')}
      />
      <Group
        legend="Guest rating"
        name="rating"
        type="radio"
        choices={facets.rating.map((c) => ({ ...c, label: `★ ${c.label}` }))}
        asked={one('rating')}
      />
      <Group
        legend="Policies"
        name="policies"
        type="checkbox"
        choices={facets.policies}
        asked={listOf(params, 'policies')}
      />
    </>
  );
}

/** The nightly prices of the results as bars, those inside the price range asked drawn darker. */
export function PriceHistogram({
  histogram,
  params,
}: {
  histogram: NonNullable<Facets['histogram']>;
  params: URLSearchParams;
}) {
  const { min, step, bins, currency, sampled } = histogram;
  const top = Math.max(...bins, 1);
  const lo = Number(params.get('price_min') ?? Number.NEGATIVE_INFINITY);
  const hi = Number(params.get('price_max') ?? Number.POSITIVE_INFINITY);
  const total = bins.reduce((a, b) => a + b, 0);
  const end = min + step * bins.length;
  return (
    <figure className="mt-2">
      <div className="flex h-12 items-end gap-px" aria-hidden="true">
        {bins.map((n, i) => {
          const from = min + i * step;
          const inside = from + step > lo && from <= hi;
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a bin is its place in the row
              key={i}
              className={`flex-1 rounded-t-sm ${inside ? 'bg-brand-600' : 'bg-sand-200'}`}
              style={{ height: `${n ? Math.max(8, (n / top) * 100) : 0}%` }}
            />
          );
        })}
      </div>
      <figcaption className="mt-1 flex justify-between text-ink-600 text-xs">
        <span className="sr-only">
          Nightly prices {sampled ? `of a sample of ${total} of the rentals` : `of ${total} rentals`}, from{' '}
          {roughMoney(min, currency)} to {roughMoney(end, currency)}
        </span>
        <span aria-hidden="true">{roughMoney(min, currency)}</span>
        <span aria-hidden="true">{roughMoney(end, currency)}+</span>
      </figcaption>
    </figure>
  );
}

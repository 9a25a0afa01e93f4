import { FIELD } from '@/components/search-form/field-style';

/** The filters' nightly price range, in whole units of the display currency, each end marked when refused. */
export function PriceRange({
  params,
  currency,
  fieldErrors,
}: {
  params: URLSearchParams;
  currency: string;
  fieldErrors?: Record<string, string>;
}) {
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-ink-700">Price a night ({currency})</legend>
      <div className="mt-1 flex items-center gap-2">
        <PriceInput
          bound="min"
          currency={currency}
          params={params}
          invalid={Boolean(fieldErrors?.price_min)}
        />
        <span aria-hidden="true">–</span>
        <PriceInput
          bound="max"
          currency={currency}
          params={params}
          invalid={Boolean(fieldErrors?.price_max)}
        />
      </div>
    </fieldset>
  );
}

function PriceInput({
  bound,
  currency,
  params,
  invalid,
}: {
  bound: 'min' | 'max';
  currency: string;
  params: URLSearchParams;
  invalid: boolean;
}) {
  const name = `price_${bound}` as const;
  return (
    <>
      <label className="sr-only" htmlFor={`f-price-${bound}`}>
        {bound === 'min' ? 'Lowest' : 'Highest'} price a night in {currency}
      </label>
      <input
        id={`f-price-${bound}`}
        name={name}
        inputMode="numeric"
        pattern="[0-9]*"
        placeholder={bound === 'min' ? 'Min' : 'Max'}
        defaultValue={params.get(name) ?? ''}
        aria-invalid={invalid ? true : undefined}
        className={`${FIELD} mt-0`}
      />
    </>
  );
}

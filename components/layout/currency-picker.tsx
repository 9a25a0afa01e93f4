'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';

const control =
  'h-9 rounded-full border border-sand-200 bg-white pl-3 pr-8 text-sm font-medium text-ink-900 hover:border-brand-600 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500';

/**
 * The display currency search compares prices in, kept in the URL (`?currency=USD`) so a shared link
 * shows what its sender saw. Choosing one reloads the page's results in it; the default is not written.
 */
export function CurrencyPicker({ currencies, fallback }: { currencies: string[]; fallback: string }) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const current = params.get('currency') ?? fallback;
  return (
    <label className="flex items-center gap-2 text-sm text-ink-700">
      <span className="sr-only sm:not-sr-only">Prices in</span>
      <select
        aria-label="Compare prices in"
        value={currencies.includes(current) ? current : fallback}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.currentTarget.value === fallback) next.delete('currency');
          else next.set('currency', e.currentTarget.value);
          next.delete('page');
          const qs = next.toString();
          router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
        }}
        className={control}
      >
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The picker's place before the URL is known (the first paint): the same size, the default shown. */
export function CurrencyPickerFallback({ fallback }: { fallback: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink-700">
      <span className="sr-only sm:not-sr-only">Prices in</span>
      <select aria-label="Compare prices in" disabled defaultValue={fallback} className={control}>
        <option value={fallback}>{fallback}</option>
      </select>
    </label>
  );
}

/*
 * The date field's flexible choice: "a week / a weekend / N nights in <month>", up to three months, as the
 * search URL writes it (`flex=week|weekend|N`, `months=2027-03,2027-04`; lib/site/search/flexible.ts).
 */

export interface Flexible {
  flex: string;
  months: string[];
}

export const FLEX_MAX_MONTHS = 3;
const MONTHS_OFFERED = 12;

/** The next twelve months from the traveller's today, as `YYYY-MM` with their names. */
export function monthsOffered(today: Date): { value: string; label: string }[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth() + i, 1);
    return {
      value: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`,
      label: d.toLocaleDateString('en-GB', { month: 'short', year: 'numeric' }),
    };
  });
}

const monthName = (m: string) =>
  new Date(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1).toLocaleDateString('en-GB', {
    month: 'short',
  });

/** "A week in Mar", "A weekend in Mar or Apr", "5 nights in Mar, Apr or May". */
export function flexibleLabel({ flex, months }: Flexible): string {
  const length = flex === 'week' ? 'A week' : flex === 'weekend' ? 'A weekend' : `${flex} nights`;
  const names = months.map(monthName);
  const inWords = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${length} in ${inWords}`;
}

const CHIP =
  'cursor-pointer rounded-full px-3 py-1.5 text-sm ring-1 ring-sand-200 has-[:checked]:bg-ink-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500';

/** The panel: how long, then which months (at most three). */
export function FlexiblePanel({
  value,
  today,
  onChange,
}: {
  value: Flexible;
  today: Date;
  onChange: (next: Flexible) => void;
}) {
  const nights = /^\d+$/.test(value.flex) ? value.flex : '';
  return (
    <div className="grid w-72 gap-3 p-1">
      <fieldset>
        <legend className="text-sm font-medium text-ink-700">How long?</legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {(['weekend', 'week'] as const).map((f) => (
            <label key={f} className={CHIP}>
              <input
                type="radio"
                name="flex-length"
                className="sr-only"
                checked={value.flex === f}
                onChange={() => onChange({ ...value, flex: f })}
              />
              {f === 'week' ? 'A week' : 'A weekend'}
            </label>
          ))}
          <label className="flex items-center gap-1 text-sm text-ink-700">
            <input
              type="number"
              min={1}
              max={28}
              inputMode="numeric"
              aria-label="Or a number of nights"
              value={nights}
              placeholder="N"
              onChange={(e) => onChange({ ...value, flex: e.currentTarget.value })}
              className="h-8 w-14 rounded-lg border border-sand-200 px-2"
            />
            nights
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-ink-700">
          In which months? (up to {FLEX_MAX_MONTHS})
        </legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {monthsOffered(today).map((m) => {
            const checked = value.months.includes(m.value);
            return (
              <label key={m.value} className={`${CHIP} text-center`}>
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  disabled={!checked && value.months.length >= FLEX_MAX_MONTHS}
                  onChange={() =>
                    onChange({
                      ...value,
                      months: checked
                        ? value.months.filter((v) => v !== m.value)
                        : [...value.months, m.value].sort(),
                    })
                  }
                />
                {m.label}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

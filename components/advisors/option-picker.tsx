'use client';

import { DateRangeField } from '@/components/search-form/date-range-field';
import { GuestsField } from '@/components/search-form/guests-field';
import { ADVISOR_LIMITS } from '@/lib/site/browser/advisors';
import type { Stay } from '@/lib/site/browser/stay-link';
import { FormField, fieldA11y, inputClass } from './form-field';

export interface OptionDraft {
  propertyId: number;
  name: string;
  place: string;
  included: boolean;
  stay: Stay;
  note: string;
}

/**
 * The rentals an advisor may put in a proposal (the shortlist's, a draft's), each included or not, each with
 * a stay and party of its own and a note for the client. Problems show on the option's own fields.
 */
export function OptionPicker({
  options,
  onChange,
  errors,
}: {
  options: OptionDraft[];
  onChange: (index: number, next: OptionDraft) => void;
  errors: Record<string, string>;
}) {
  const included = options.filter((o) => o.included).length;
  let position = -1;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold text-ink-900">
        Options{' '}
        <span className="font-normal text-ink-700">
          ({included} of at most {ADVISOR_LIMITS.options.max})
        </span>
      </legend>
      {errors.options && <p className="text-sm text-red-800">{errors.options}</p>}
      {options.map((o, i) => {
        if (o.included) position++;
        const at = `options.${position}`;
        return (
          <div
            key={o.propertyId}
            className="rounded-xl bg-sand-50 p-3 ring-1 ring-sand-200"
            data-testid="option-draft"
          >
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                checked={o.included}
                disabled={!o.included && included >= ADVISOR_LIMITS.options.max}
                onChange={(e) => onChange(i, { ...o, included: e.target.checked })}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="block font-medium text-ink-900">{o.name}</span>
                <span className="block text-sm text-ink-700">{o.place}</span>
              </span>
            </label>
            {o.included && (
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <div>
                  <DateRangeField
                    checkin={o.stay.checkin}
                    checkout={o.stay.checkout}
                    onChange={(r) =>
                      onChange(i, { ...o, stay: { ...o.stay, checkin: r.checkin, checkout: r.checkout } })
                    }
                  />
                  {(errors[`${at}.stay.checkin`] ?? errors[`${at}.stay.checkout`]) && (
                    <p className="mt-1 text-sm text-red-800">
                      {errors[`${at}.stay.checkin`] ?? errors[`${at}.stay.checkout`]}
                    </p>
                  )}
                </div>
                <GuestsField
                  initial={{ adults: o.stay.adults, children: o.stay.children }}
                  onChange={(party) => onChange(i, { ...o, stay: { ...o.stay, ...party } })}
                />
                <div className="sm:col-span-2">
                  <FormField path={`${at}.note`} label={`Your note on ${o.name} (optional)`} errors={errors}>
                    <textarea
                      rows={2}
                      maxLength={ADVISOR_LIMITS.optionNote}
                      className={inputClass}
                      value={o.note}
                      onChange={(e) => onChange(i, { ...o, note: e.target.value })}
                      {...fieldA11y(`${at}.note`, errors)}
                    />
                  </FormField>
                </div>
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

import { DateRangeField } from '@/components/search-form/date-range-field';
import { DestinationCombobox } from '@/components/search-form/destination-combobox';
import { INFANTS_MAX, INQUIRY_LIMITS } from '@/lib/contract';
import { BUDGET_CURRENCY_FIELD } from '@/lib/site/browser/budget-currency';
import { PARTY_ROWS } from '@/lib/site/browser/party';
import type { Stay } from '@/lib/site/browser/stay';
import { FormField, fieldProps, INPUT_CLASS } from './form-field';
import type { BudgetCurrencies, InquiryFormState } from './use-inquiry-form';

/*
 * What a general request asks that a property inquiry takes from its page: where (a destination from the
 * catalog, or in words), when and who (the site's date picker, the party), and a nightly budget.
 */

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

type Props = Pick<InquiryFormState, 'form' | 'errorOf' | 'setDestination' | 'infants' | 'setInfants'> & {
  stay?: Stay;
  budgetCurrencies?: BudgetCurrencies;
};

/** The budget's currency: its own field, sent beside the inquiry (lib/site/browser/budget-currency.ts). */
function BudgetCurrencyField({ currencies, problem }: { currencies: BudgetCurrencies; problem?: string }) {
  return (
    <FormField name={BUDGET_CURRENCY_FIELD} label="Currency" problem={problem}>
      <select
        name={BUDGET_CURRENCY_FIELD}
        defaultValue={currencies.initial}
        className={INPUT_CLASS}
        {...fieldProps(BUDGET_CURRENCY_FIELD, problem)}
      >
        {currencies.options.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </FormField>
  );
}

const [adultsRow, childrenRow, infantsRow] = PARTY_ROWS;

/** A number input of the form, with its field's label, problem and accessible ties. */
function NumberField({
  form,
  errorOf,
  name,
  label,
  min,
  max,
  hint,
}: Pick<Props, 'form' | 'errorOf'> & {
  name: 'stay.guests.adults' | 'stay.guests.children' | 'budget.min' | 'budget.max';
  label: string;
  min: number;
  max?: number;
  hint?: string;
}) {
  const budget = name.startsWith('budget.');
  return (
    <FormField name={name} label={label} problem={errorOf(name)} hint={hint}>
      <input
        type="number"
        min={min}
        max={max}
        inputMode={budget ? 'numeric' : undefined}
        className={INPUT_CLASS}
        {...fieldProps(name, errorOf(name))}
        {...form.register(name, { setValueAs: optionalNumber })}
      />
    </FormField>
  );
}

export function TripFields({
  form,
  errorOf,
  setDestination,
  stay,
  infants,
  setInfants,
  budgetCurrencies,
}: Props) {
  const { setValue, formState, getValues } = form;
  const destinationProblem =
    errorOf('destination') ?? errorOf('destination.id') ?? errorOf('destination.name');
  // The picker is one field, "Dates": with none chosen, ask for both rather than for "a check-in date".
  const dateProblem =
    errorOf('stay.checkin') && !getValues('stay.checkin')
      ? 'Choose your check-in and check-out dates'
      : (errorOf('stay.checkin') ?? errorOf('stay.checkout'));
  return (
    <>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">Where</legend>
        <DestinationCombobox
          name="destination_id"
          orElse="leave it empty and describe the place in words"
          onChoose={(l) => setDestination({ id: l?.id ?? null, name: '' })}
        />
        <div>
          <label htmlFor="inq-destination-name" className="block text-sm font-medium text-ink-700">
            Or describe it
          </label>
          <input
            id="inq-destination-name"
            name="destination.name"
            className={INPUT_CLASS}
            maxLength={INQUIRY_LIMITS.destinationName}
            placeholder="e.g. a quiet Greek island"
            onChange={(e) => setDestination((d) => (d.id ? d : { id: null, name: e.target.value }))}
          />
        </div>
        {destinationProblem && <p className="text-sm text-red-800 sm:col-span-2">{destinationProblem}</p>}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">When and who</legend>
        <div className="sm:col-span-2">
          <DateRangeField
            checkin={stay?.checkin}
            checkout={stay?.checkout}
            onChange={(r) => {
              const validate = { shouldValidate: formState.isSubmitted };
              setValue('stay.checkin', r.checkin as string, validate);
              setValue('stay.checkout', r.checkout as string, validate);
            }}
          />
          {dateProblem && (
            <p id="inq-dates-error" className="mt-1 text-sm text-red-800">
              {dateProblem}
            </p>
          )}
        </div>
        <NumberField
          form={form}
          errorOf={errorOf}
          name="stay.guests.adults"
          label={adultsRow.label}
          hint={adultsRow.ages}
          min={1}
          max={50}
        />
        <NumberField
          form={form}
          errorOf={errorOf}
          name="stay.guests.children"
          label={childrenRow.label}
          hint={childrenRow.ages}
          min={0}
          max={50}
        />
        {/* Not among the API's guests: told to the agent in the message (use-inquiry-form.ts). */}
        <FormField name="infants" label={infantsRow.label} problem={undefined} hint={infantsRow.ages}>
          <input
            type="number"
            min={0}
            max={INFANTS_MAX}
            className={INPUT_CLASS}
            {...fieldProps('infants', undefined)}
            aria-describedby="inq-infants-hint"
            value={infants}
            onChange={(e) =>
              setInfants(Math.max(0, Math.min(INFANTS_MAX, Math.trunc(Number(e.target.value) || 0))))
            }
          />
        </FormField>
      </fieldset>
      <fieldset
        className={`grid gap-3 ${budgetCurrencies ? 'sm:grid-cols-[7rem_1fr_1fr]' : 'sm:grid-cols-2'}`}
      >
        <legend className="mb-1 text-sm font-semibold text-ink-900">Nightly budget (optional)</legend>
        {budgetCurrencies && (
          <BudgetCurrencyField currencies={budgetCurrencies} problem={errorOf(BUDGET_CURRENCY_FIELD)} />
        )}
        <NumberField form={form} errorOf={errorOf} name="budget.min" label="Minimum nightly budget" min={0} />
        <NumberField form={form} errorOf={errorOf} name="budget.max" label="Maximum nightly budget" min={0} />
      </fieldset>
    </>
  );
}

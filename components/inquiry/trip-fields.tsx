import { DateRangeField } from '@/components/search-form/date-range-field';
import { DestinationCombobox } from '@/components/search-form/destination-combobox';
import { INQUIRY_LIMITS } from '@/lib/contract';
import type { Stay } from '@/lib/site/browser/stay';
import { FormField, fieldProps, INPUT_CLASS } from './form-field';
import type { InquiryFormState } from './use-inquiry-form';

/*
 * What a general request asks that a property inquiry takes from its page: where (a destination from the
 * catalog, or in words), when and who (the site's date picker, the party), and a nightly budget.
 */

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

type Props = Pick<InquiryFormState, 'form' | 'errorOf' | 'setDestination'> & { stay?: Stay };

/** A number input of the form, with its field's label, problem and accessible ties. */
function NumberField({
  form,
  errorOf,
  name,
  label,
  min,
  max,
}: Pick<Props, 'form' | 'errorOf'> & {
  name: 'stay.guests.adults' | 'stay.guests.children' | 'budget.min' | 'budget.max';
  label: string;
  min: number;
  max?: number;
}) {
  const budget = name.startsWith('budget.');
  return (
    <FormField name={name} label={label} problem={errorOf(name)}>
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

export function TripFields({ form, errorOf, setDestination, stay }: Props) {
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
          label="Adults"
          min={1}
          max={50}
        />
        <NumberField
          form={form}
          errorOf={errorOf}
          name="stay.guests.children"
          label="Children"
          min={0}
          max={50}
        />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">Nightly budget (optional)</legend>
        <NumberField form={form} errorOf={errorOf} name="budget.min" label="Minimum nightly budget" min={0} />
        <NumberField form={form} errorOf={errorOf} name="budget.max" label="Maximum nightly budget" min={0} />
      </fieldset>
    </>
  );
}

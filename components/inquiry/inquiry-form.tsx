'use client';

import { useOwnAdvisorNote } from '@/components/advisors/use-advisor-note';
import { ContactFields } from './contact-fields';
import { TripFields } from './trip-fields';
import { type InquiryFormProps, useInquiryForm } from './use-inquiry-form';
import '@/components/property/calendar.css';

/*
 * The inquiry form, for a property or as a general request for a destination. It validates with the
 * contract's own schema (the API's rules and limits), so what it accepts the API accepts; every message,
 * the schema's and the server's, reaches the traveller as a sentence naming the field by its label.
 * For a property the stay is not asked again: it is the page's one stay, shown above the form.
 *
 *   use-inquiry-form.ts  its state and sending (the Idempotency-Key, problems placed on their fields)
 *   plain-resolver.ts    the contract's rules in the site's words
 *   trip-fields.tsx      where, when, who and a budget: what a general request asks
 *   contact-fields.tsx   the traveller's details, message and reference, and the honeypot
 *   form-field.tsx       one field: label, input, hint or problem
 */

export function InquiryForm(given: InquiryFormProps) {
  // An advisor's profile kept in this browser goes into the message of every inquiry they send, as the spec
  // asks (the contact stays the traveller); a proposal's option brings its own line.
  const own = useOwnAdvisorNote();
  const props = { ...given, advisor: given.advisor ?? own };
  const inquiry = useInquiryForm(props);
  const { form, general, ready, submit, problems, stayProblems } = inquiry;
  return (
    <form
      onSubmit={submit}
      noValidate
      data-ready={ready || undefined}
      aria-label={general ? 'Tell us about your trip' : 'Send an inquiry'}
      className="flex flex-col gap-4"
    >
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {stayProblems.length > 0 && props.onChangeStay && (
            <button type="button" onClick={props.onChangeStay} className="mt-1 font-medium underline">
              Change the dates or guests
            </button>
          )}
        </div>
      )}
      {general && (
        <TripFields
          form={form}
          errorOf={inquiry.errorOf}
          setDestination={inquiry.setDestination}
          infants={inquiry.infants}
          setInfants={inquiry.setInfants}
          stay={props.stay}
          budgetCurrencies={props.budgetCurrencies}
        />
      )}
      <ContactFields
        form={form}
        errorOf={inquiry.errorOf}
        advisor={props.advisor}
        messageMax={inquiry.messageMax}
      />
      <button
        type="submit"
        disabled={!ready || form.formState.isSubmitting}
        className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-60"
      >
        {form.formState.isSubmitting ? 'Sending…' : general ? 'Send the request' : 'Send the inquiry'}
      </button>
    </form>
  );
}

import { INQUIRY_LIMITS } from '@/lib/contract';
import { count } from '@/lib/site/browser';
import type { AdvisorNote } from '@/lib/site/browser/advisors';
import { HONEYPOT_FIELD } from '@/lib/site/browser/inquiry-send';
import { FormField, fieldProps, INPUT_CLASS } from './form-field';
import { HONEYPOT_ID, type InquiryFormState } from './use-inquiry-form';

/*
 * What every inquiry asks: who the traveller (or their advisor) is, a message, their own reference; and the
 * field only a bot fills.
 */

type Props = Pick<InquiryFormState, 'form' | 'errorOf'>;
type TextName = 'contact.first_name' | 'contact.last_name' | 'contact.email' | 'contact.phone' | 'reference';

/** A one-line text input of the form, with its field's label, hint or problem and accessible ties. */
function TextField({
  form,
  errorOf,
  name,
  label,
  hint,
  ...input
}: Props & {
  name: TextName;
  label: string;
  hint?: string;
  type?: 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
}) {
  return (
    <FormField name={name} label={label} problem={errorOf(name)} hint={hint}>
      <input
        {...input}
        className={INPUT_CLASS}
        {...fieldProps(name, errorOf(name))}
        {...form.register(name)}
      />
    </FormField>
  );
}

export function ContactFields({
  form,
  errorOf,
  advisor,
  messageMax = INQUIRY_LIMITS.message,
}: Props & { advisor?: AdvisorNote; messageMax?: number }) {
  const own = { form, errorOf };
  return (
    <>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">Your details</legend>
        <TextField
          {...own}
          name="contact.first_name"
          label="First name"
          autoComplete="given-name"
          maxLength={INQUIRY_LIMITS.firstName}
        />
        <TextField
          {...own}
          name="contact.last_name"
          label="Last name"
          autoComplete="family-name"
          maxLength={INQUIRY_LIMITS.lastName}
        />
        <TextField {...own} name="contact.email" label="Email" type="email" autoComplete="email" />
        <TextField
          {...own}
          name="contact.phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          maxLength={INQUIRY_LIMITS.phone}
        />
      </fieldset>
      {advisor && (
        // The advisor's line, said before the message it will head (the site writes it for a proposal's option).
        <p
          className="rounded-lg bg-sand-50 p-3 text-sm text-ink-900 ring-1 ring-sand-200"
          data-testid="inquiry-advisor"
        >
          Sent with your inquiry: {advisor.line}
        </p>
      )}
      <FormField
        name="message"
        label="Message (optional)"
        problem={errorOf('message')}
        hint={`Travel advisors: say who you are and what the trip needs. Up to ${count(messageMax)} characters.`}
      >
        <textarea
          rows={3}
          className={INPUT_CLASS}
          {...fieldProps('message', errorOf('message'))}
          {...form.register('message')}
        />
      </FormField>
      <TextField
        {...own}
        name="reference"
        label="Your reference (optional)"
        maxLength={INQUIRY_LIMITS.reference}
        hint="For travel advisors: your own booking reference."
      />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_ID}>Website</label>
        <input id={HONEYPOT_ID} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}

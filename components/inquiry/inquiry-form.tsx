'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import {
  INQUIRY_LIMITS,
  type InquiryRequest,
  type InquiryRequestInput,
  inquiryRequestSchema,
} from '@/lib/contract';
import { toDay } from '@/lib/site/browser';
import { type AdvisorNote, messageWithAdvisor } from '@/lib/site/browser/advisors';
import { ApiError, apiPost, HONEYPOT_FIELD } from '@/lib/site/browser/api-client';
import { inquiryKey, newInquirySeed } from '@/lib/site/browser/inquiry-key';
import { fieldMessage } from '@/lib/site/browser/messages';
import type { Stay } from '@/lib/site/browser/stay';
import { DateRangeField } from '../search/date-range-field';
import { DestinationCombobox } from '../search/destination-combobox';
import '../property/calendar.css';

const HONEYPOT_ID = `inq-${HONEYPOT_FIELD}`;

/*
 * The inquiry form, for a property or as a general request for a destination. It validates with the
 * contract's own schema (the API's rules and limits), so what it accepts the API accepts; every message,
 * the schema's and the server's, reaches the traveller as a sentence naming the field by its label.
 * For a property the stay is not asked again: it is the page's one stay, shown above the form.
 */

/** What the site answered for an accepted inquiry (the lead as `/api/inquiries` returns it). */
export interface SentLead {
  id: string;
  reference: string;
  status: string;
  inquiry_id: number | null;
  test: boolean | null;
}

const input =
  'mt-1 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-700';

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The contract's resolver, with each message turned into the site's words for that field. */
function plainResolver(
  schema: ReturnType<typeof inquiryRequestSchema>,
): Resolver<InquiryRequestInput, unknown, InquiryRequest> {
  const base = zodResolver(schema) as Resolver<InquiryRequestInput, unknown, InquiryRequest>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const walk = (node: unknown, path: string[]) => {
      if (!node || typeof node !== 'object') return;
      const error = node as { message?: unknown; type?: unknown };
      if (typeof error.message === 'string' && typeof error.type === 'string')
        error.message = fieldMessage(path.join('.'), error.message);
      for (const [k, v] of Object.entries(node))
        if (k !== 'ref' && typeof v === 'object') walk(v, [...path, k]);
    };
    walk(result.errors, []);
    return result;
  };
}

/** Every message under a part of the errors (the stay's, on a property form where it has no inputs). */
function messagesIn(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const e = node as { message?: unknown; type?: unknown };
  const own = typeof e.message === 'string' && typeof e.type === 'string' ? [e.message] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([k, v]) => (k === 'ref' || k === 'message' ? [] : messagesIn(v))),
  ];
}

/** What an advisor adds to the body: the proposal (the site writes its line), or their own line first in the message. */
function advisorPart(advisor: AdvisorNote | undefined, message: string | undefined) {
  if (!advisor) return {};
  return advisor.proposal
    ? { proposal: advisor.proposal }
    : { message: messageWithAdvisor(advisor.line, message) };
}

/** The stay as the inquiry sends it (a general request has no bedrooms). */
const stayValues = (s: Stay | undefined, general: boolean) => ({
  checkin: s?.checkin,
  checkout: s?.checkout,
  guests: { adults: s?.adults ?? 2, children: s?.children ?? 0 },
  bedrooms: general ? undefined : s?.bedrooms,
});

export function InquiryForm({
  propertyId,
  stay,
  reference,
  advisor,
  onSent,
  onChangeStay,
}: {
  /** A property inquiry when given; a general request for a destination otherwise. */
  propertyId?: number;
  /** The page's stay (a property inquiry sends exactly this); a general request's starting point. */
  stay?: Stay;
  reference?: string;
  /** The advisor's line, first in the message; a proposal's option goes as `proposal` for the site to add it. */
  advisor?: AdvisorNote;
  /** Told when the inquiry was accepted, instead of opening the site's confirmation page. */
  onSent?: (lead: SentLead) => void;
  /** Takes the traveller back to the page's calendar and party (a property inquiry). */
  onChangeStay?: () => void;
}) {
  const router = useRouter();
  const general = propertyId === undefined;
  const today = toDay(new Date());
  const schema = useMemo(() => inquiryRequestSchema(today), [today]);
  const resolver = useMemo(() => plainResolver(schema), [schema]);
  const [problems, setProblems] = useState<string[]>([]);
  // Until the script runs, a click would submit natively (a GET carrying the traveller's details in the URL).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [destination, setDestination] = useState<{ id: number | null; name: string }>({ id: null, name: '' });
  const form = useForm<InquiryRequestInput, unknown, InquiryRequest>({
    resolver,
    // Checked on sending, then as each field is corrected: a message appearing on blur moves the button
    // from under the pointer mid-click, and the first send would go nowhere.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      property_id: propertyId ?? undefined,
      stay: stayValues(stay, general) as InquiryRequestInput['stay'],
      contact: { first_name: '', last_name: '', email: '', phone: '' },
      message: '',
      reference: reference ?? '',
    },
  });
  const { register, handleSubmit, formState, setError, setValue, clearErrors } = form;
  const errors = formState.errors as FieldErrors<InquiryRequestInput> & Record<string, unknown>;
  const errorOf = (path: string): string | undefined => {
    let at: unknown = errors;
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    return (at as { message?: string } | undefined)?.message;
  };

  // A property inquiry follows the page's stay: what is sent is what the summary above says.
  const stayKey = general ? '' : JSON.stringify(stay ?? {});
  useEffect(() => {
    if (general || !stayKey) return;
    setValue('stay', stayValues(JSON.parse(stayKey) as Stay, false) as InquiryRequestInput['stay']);
    clearErrors('stay');
    setProblems([]);
  }, [general, stayKey, setValue, clearErrors]);

  useEffect(() => {
    if (general)
      setValue(
        'destination',
        destination.id ? { id: destination.id } : destination.name ? { name: destination.name } : undefined,
        { shouldValidate: formState.isSubmitted },
      );
  }, [general, destination, setValue, formState.isSubmitted]);

  // One key per inquiry (lib/site/browser/inquiry-key.ts): Send pressed again after a lost answer finds
  // the lead the first press made.
  const [seed] = useState(newInquirySeed);
  const submit = handleSubmit(async (values) => {
    setProblems([]);
    const honeypot = (document.getElementById(HONEYPOT_ID) as HTMLInputElement | null)?.value ?? '';
    const body = { ...values, [HONEYPOT_FIELD]: honeypot, ...advisorPart(advisor, values.message) };
    try {
      const { lead } = await apiPost<{ lead: SentLead | null }>('/api/inquiries', body, undefined, {
        'Idempotency-Key': inquiryKey(seed, body),
      });
      if (!lead) setProblems(['Thank you.']);
      else if (onSent) onSent(lead);
      else router.push(`/inquiries/${lead.id}`);
    } catch (caught) {
      const error =
        caught instanceof ApiError
          ? caught
          : new ApiError('network_error', 'Your inquiry could not be sent; please try again.');
      const left: string[] = [];
      for (const [path, message] of Object.entries(error.fields)) {
        if (document.querySelector(`[name="${CSS.escape(path)}"]`))
          setError(path as FieldPath<InquiryRequestInput>, { type: 'server', message });
        else if (!left.includes(message)) left.push(message);
      }
      if (Object.keys(error.fields).length === 0)
        left.push(
          error.code === 'network_error'
            ? // It may have reached us before the connection failed: sent again, it is the same inquiry.
              'The connection failed before our answer reached you. Please send it again: if your inquiry had already reached us, it will not be sent twice.'
            : error.message,
        );
      setProblems(left);
    }
  });

  const field = (name: string, label: string, el: React.ReactNode, hint?: string) => {
    const message = errorOf(name);
    const id = `inq-${name.replaceAll('.', '-')}`;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-ink-700">
          {label}
        </label>
        {el}
        {hint && !message && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-ink-700">
            {hint}
          </p>
        )}
        {message && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
            {message}
          </p>
        )}
      </div>
    );
  };
  const a11y = (name: string) => {
    const id = `inq-${name.replaceAll('.', '-')}`;
    const invalid = Boolean(errorOf(name));
    return { id, 'aria-invalid': invalid, 'aria-describedby': invalid ? `${id}-error` : undefined };
  };

  // The advisor's line, said before the message it will head (the site writes it for a proposal's option).
  const advisorShown = advisor && (
    <p
      className="rounded-lg bg-sand-50 p-3 text-sm text-ink-900 ring-1 ring-sand-200"
      data-testid="inquiry-advisor"
    >
      Sent with your inquiry: {advisor.line}
    </p>
  );

  // On a property form the stay has no inputs: its problems are said above, with a way to change it.
  const stayProblems = general ? [] : messagesIn(errors.stay);
  const shown = [...stayProblems, ...problems];
  const destinationProblem =
    errorOf('destination') ?? errorOf('destination.id') ?? errorOf('destination.name');
  // The picker is one field, "Dates": with none chosen, ask for both rather than for "a check-in date".
  const dateProblem =
    errorOf('stay.checkin') && !form.getValues('stay.checkin')
      ? 'Choose your check-in and check-out dates'
      : (errorOf('stay.checkin') ?? errorOf('stay.checkout'));

  return (
    <form
      onSubmit={submit}
      noValidate
      data-ready={ready || undefined}
      aria-label={general ? 'Tell us about your trip' : 'Send an inquiry'}
      className="flex flex-col gap-4"
    >
      {shown.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {shown.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {stayProblems.length > 0 && onChangeStay && (
            <button type="button" onClick={onChangeStay} className="mt-1 font-medium underline">
              Change the dates or guests
            </button>
          )}
        </div>
      )}
      {general && (
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
                className={input}
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
            {field(
              'stay.guests.adults',
              'Adults',
              <input
                type="number"
                min={1}
                max={50}
                className={input}
                {...a11y('stay.guests.adults')}
                {...register('stay.guests.adults', { setValueAs: optionalNumber })}
              />,
            )}
            {field(
              'stay.guests.children',
              'Children',
              <input
                type="number"
                min={0}
                max={50}
                className={input}
                {...a11y('stay.guests.children')}
                {...register('stay.guests.children', { setValueAs: optionalNumber })}
              />,
            )}
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold text-ink-900">Nightly budget (optional)</legend>
            {field(
              'budget.min',
              'Minimum nightly budget',
              <input
                type="number"
                min={0}
                inputMode="numeric"
                className={input}
                {...a11y('budget.min')}
                {...register('budget.min', { setValueAs: optionalNumber })}
              />,
            )}
            {field(
              'budget.max',
              'Maximum nightly budget',
              <input
                type="number"
                min={0}
                inputMode="numeric"
                className={input}
                {...a11y('budget.max')}
                {...register('budget.max', { setValueAs: optionalNumber })}
              />,
            )}
          </fieldset>
        </>
      )}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">Your details</legend>
        {field(
          'contact.first_name',
          'First name',
          <input
            autoComplete="given-name"
            maxLength={INQUIRY_LIMITS.firstName}
            className={input}
            {...a11y('contact.first_name')}
            {...register('contact.first_name')}
          />,
        )}
        {field(
          'contact.last_name',
          'Last name',
          <input
            autoComplete="family-name"
            maxLength={INQUIRY_LIMITS.lastName}
            className={input}
            {...a11y('contact.last_name')}
            {...register('contact.last_name')}
          />,
        )}
        {field(
          'contact.email',
          'Email',
          <input
            type="email"
            autoComplete="email"
            className={input}
            {...a11y('contact.email')}
            {...register('contact.email')}
          />,
        )}
        {field(
          'contact.phone',
          'Phone (optional)',
          <input
            type="tel"
            autoComplete="tel"
            maxLength={INQUIRY_LIMITS.phone}
            className={input}
            {...a11y('contact.phone')}
            {...register('contact.phone')}
          />,
        )}
      </fieldset>
      {advisorShown}
      {field(
        'message',
        'Message (optional)',
        <textarea rows={3} className={input} {...a11y('message')} {...register('message')} />,
        `Travel advisors: say who you are and what the trip needs. Up to ${INQUIRY_LIMITS.message.toLocaleString('en')} characters.`,
      )}
      {field(
        'reference',
        'Your reference (optional)',
        <input
          maxLength={INQUIRY_LIMITS.reference}
          className={input}
          {...a11y('reference')}
          {...register('reference')}
        />,
        'For travel advisors: your own booking reference.',
      )}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_ID}>Website</label>
        <input id={HONEYPOT_ID} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        disabled={!ready || formState.isSubmitting}
        className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-60"
      >
        {formState.isSubmitting ? 'Sending…' : general ? 'Send the request' : 'Send the inquiry'}
      </button>
    </form>
  );
}

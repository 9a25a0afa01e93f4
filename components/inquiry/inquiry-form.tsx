'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import {
  INQUIRY_LIMITS,
  type InquiryRequest,
  type InquiryRequestInput,
  inquiryRequestSchema,
} from '@/lib/contract';
import { toDay } from '@/lib/site/browser';
import { DestinationCombobox } from '../search/destination-combobox';

/*
 * The inquiry form, for a property or as a general request for a destination. It validates with the
 * contract's own schema (the API's rules and limits), so what it accepts the API accepts; the server's field
 * errors land on their fields by dotted path, its plain messages above the form.
 */

export interface Stay {
  checkin?: string;
  checkout?: string;
  adults?: number;
  children?: number;
  bedrooms?: number;
}

/** What the site answered for an accepted inquiry (the lead as `/api/inquiries` returns it). */
export interface SentLead {
  id: string;
  reference: string;
  status: string;
  inquiry_id: number | null;
  test: boolean | null;
}

export interface InquiryFormHandle {
  /** Puts a stay chosen elsewhere on the page (the calendar and quote) into the form and moves there. */
  takeStay: (stay: Stay) => void;
}

const input =
  'mt-1 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-700';

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

export const InquiryForm = forwardRef<
  InquiryFormHandle,
  {
    propertyId?: number;
    initial?: Stay & { reference?: string };
    maxBedrooms?: number;
    /** Told when the inquiry was accepted, instead of opening the site's confirmation page. */
    onSent?: (lead: SentLead) => void;
  }
>(function InquiryForm({ propertyId, initial, maxBedrooms, onSent }, ref) {
  const router = useRouter();
  const general = propertyId === undefined;
  const today = toDay(new Date());
  const schema = useMemo(() => inquiryRequestSchema(today), [today]);
  const [problems, setProblems] = useState<string[]>([]);
  const [destination, setDestination] = useState<{ id: number | null; name: string }>({ id: null, name: '' });
  const form = useForm<InquiryRequestInput, unknown, InquiryRequest>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      property_id: propertyId ?? undefined,
      stay: {
        checkin: initial?.checkin ?? '',
        checkout: initial?.checkout ?? '',
        guests: { adults: initial?.adults ?? 2, children: initial?.children ?? 0 },
        bedrooms: initial?.bedrooms,
      },
      contact: { first_name: '', last_name: '', email: '', phone: '' },
      message: '',
      reference: initial?.reference ?? '',
    },
  });
  const { register, handleSubmit, formState, setError, setValue, setFocus } = form;
  const errors = formState.errors as Record<string, unknown>;
  const errorOf = (path: string): string | undefined => {
    let at: unknown = errors;
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    return (at as { message?: string } | undefined)?.message;
  };

  useImperativeHandle(ref, () => ({
    takeStay(stay) {
      if (stay.checkin) setValue('stay.checkin', stay.checkin, { shouldValidate: true });
      if (stay.checkout) setValue('stay.checkout', stay.checkout, { shouldValidate: true });
      if (stay.adults) setValue('stay.guests.adults', stay.adults);
      if (stay.children !== undefined) setValue('stay.guests.children', stay.children);
      setValue('stay.bedrooms', stay.bedrooms);
      setFocus('contact.first_name');
    },
  }));

  useEffect(() => {
    if (general)
      setValue(
        'destination',
        destination.id ? { id: destination.id } : destination.name ? { name: destination.name } : undefined,
      );
  }, [general, destination, setValue]);

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    const honeypot = (document.getElementById('inq-website') as HTMLInputElement | null)?.value ?? '';
    let res: Response;
    try {
      res = await fetch('/api/inquiries', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...values, website: honeypot }),
      });
    } catch {
      setProblems([
        'Your inquiry could not be sent: the connection failed. Nothing was lost; please try again.',
      ]);
      return;
    }
    const body = await res.json().catch(() => null);
    if (res.ok && body?.lead) {
      if (onSent) onSent(body.lead as SentLead);
      else router.push(`/inquiries/${body.lead.id}`);
      return;
    }
    if (res.ok) {
      setProblems(['Thank you.']);
      return;
    }
    const error = body?.error as
      | { code: string; message: string; fields?: Record<string, string> }
      | undefined;
    const left: string[] = [];
    for (const [path, message] of Object.entries(error?.fields ?? {})) {
      if (document.querySelector(`[name="${CSS.escape(path)}"]`)) {
        setError(path as FieldPath<InquiryRequestInput>, { type: 'server', message });
      } else left.push(`${path === 'property_id' ? 'This rental' : path}: ${message}`);
    }
    if (!error?.fields) left.push(error?.message ?? 'Your inquiry could not be sent; please try again.');
    setProblems(left);
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

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="inquiry-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-sand-200"
    >
      <h2 id="inquiry-title" className="text-xl font-semibold text-ink-900">
        {general ? 'Tell us about your trip' : 'Send an inquiry'}
      </h2>
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {general && (
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
              className={input}
              maxLength={INQUIRY_LIMITS.destinationName}
              placeholder="e.g. a quiet Greek island"
              onChange={(e) => setDestination((d) => (d.id ? d : { id: null, name: e.target.value }))}
            />
          </div>
          {errorOf('destination') && (
            <p className="text-sm text-red-800 sm:col-span-2">Destination: {errorOf('destination')}</p>
          )}
        </fieldset>
      )}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">Stay</legend>
        {field(
          'stay.checkin',
          'Check-in',
          <input
            type="date"
            min={today}
            className={input}
            {...a11y('stay.checkin')}
            {...register('stay.checkin')}
          />,
        )}
        {field(
          'stay.checkout',
          'Check-out',
          <input
            type="date"
            min={today}
            className={input}
            {...a11y('stay.checkout')}
            {...register('stay.checkout')}
          />,
        )}
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
        {field(
          'stay.bedrooms',
          'Bedrooms (optional)',
          <input
            type="number"
            min={1}
            max={maxBedrooms ?? 50}
            className={input}
            {...a11y('stay.bedrooms')}
            {...register('stay.bedrooms', { setValueAs: optionalNumber })}
          />,
        )}
      </fieldset>
      {general && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-ink-900">Nightly budget (optional)</legend>
          {field(
            'budget.min',
            'From',
            <input
              type="number"
              min={0}
              className={input}
              {...a11y('budget.min')}
              {...register('budget.min', { setValueAs: optionalNumber })}
            />,
          )}
          {field(
            'budget.max',
            'Up to',
            <input
              type="number"
              min={0}
              className={input}
              {...a11y('budget.max')}
              {...register('budget.max', { setValueAs: optionalNumber })}
            />,
          )}
        </fieldset>
      )}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-ink-900">The traveller</legend>
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
      {field(
        'message',
        'Message (optional)',
        <textarea rows={4} className={input} {...a11y('message')} {...register('message')} />,
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
        <label htmlFor="inq-website">Website</label>
        <input id="inq-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        disabled={formState.isSubmitting}
        className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-60"
      >
        {formState.isSubmitting ? 'Sending…' : general ? 'Send the request' : 'Send the inquiry'}
      </button>
    </form>
  );
});

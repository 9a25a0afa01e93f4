import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, type FieldPath, type UseFormSetError, useForm } from 'react-hook-form';
import {
  INQUIRY_LIMITS,
  type InquiryRequest,
  type InquiryRequestInput,
  inquiryRequestSchema,
} from '@/lib/contract';
import { count, toDay } from '@/lib/site/browser';
import { type AdvisorNote, messageWithAdvisor } from '@/lib/site/browser/advisors';
import { ApiError, apiPost } from '@/lib/site/browser/api-client';
import { BUDGET_CURRENCY_FIELD } from '@/lib/site/browser/budget-currency';
import { currencyIn, withCurrency } from '@/lib/site/browser/currency-url';
import { HONEYPOT_FIELD, inquiryKey, newInquirySeed, type SentLead } from '@/lib/site/browser/inquiry-send';
import { infantsLine } from '@/lib/site/browser/party';
import type { Stay } from '@/lib/site/browser/stay';
import { messagesIn, plainResolver } from './plain-resolver';

/*
 * The inquiry form's state and sending: the contract's rules in the site's words, the page's stay kept in
 * the form (a property inquiry sends exactly that stay), the destination picked or described, and one send
 * under the inquiry's Idempotency-Key, whose problems land on their fields or above the form.
 */

/** The honeypot's input (lib/site/browser/inquiry-send.ts): read when sending, empty for people. */
export const HONEYPOT_ID = `inq-${HONEYPOT_FIELD}`;

/** The stay as the inquiry sends it (a general request has no bedrooms). */
const stayValues = (s: Stay | undefined, general: boolean) =>
  ({
    checkin: s?.checkin,
    checkout: s?.checkout,
    guests: { adults: s?.adults ?? 2, children: s?.children ?? 0 },
    bedrooms: general ? undefined : s?.bedrooms,
  }) as InquiryRequestInput['stay'];

export interface InquiryFormProps {
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
  /** A general request's budget currencies, the traveller's display currency first chosen. */
  budgetCurrencies?: BudgetCurrencies;
}

export interface BudgetCurrencies {
  options: string[];
  initial: string;
}

/** What an advisor adds to the body: the proposal (the site writes its line), or their own line first in the message. */
function advisorPart(advisor: AdvisorNote | undefined, message: string | undefined) {
  if (!advisor) return {};
  return advisor.proposal
    ? { proposal: advisor.proposal }
    : { message: messageWithAdvisor(advisor.line, message) };
}

/** A failed send's problems: each on its field when the form has it, the rest (once each) above the form. */
function placeProblems(caught: unknown, setError: UseFormSetError<InquiryRequestInput>): string[] {
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
  return left;
}

/**
 * The characters left for the traveller's own words: the message the API receives opens with the site's
 * lines (the advisor's, the infants'), each followed by a blank line, and all of it counts to the limit.
 */
export function messageRoom(siteLines: string[]): number {
  return siteLines.reduce<number>((room, line) => room - line.length - 2, INQUIRY_LIMITS.message);
}

export function useInquiryForm({ propertyId, stay, reference, advisor, onSent }: InquiryFormProps) {
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
  // Infants are not among the API's guests (docs/decisions.md#children-and-infants): the message says them.
  const [generalInfants, setInfants] = useState(stay?.infants ?? 0);
  const infants = general ? generalInfants : (stay?.infants ?? 0);
  const form = useForm<InquiryRequestInput, unknown, InquiryRequest>({
    resolver,
    // Checked on sending, then as each field is corrected: a message appearing on blur moves the button
    // from under the pointer mid-click, and the first send would go nowhere.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      property_id: propertyId ?? undefined,
      stay: stayValues(stay, general),
      contact: { first_name: '', last_name: '', email: '', phone: '' },
      message: '',
      reference: reference ?? '',
    },
  });
  const { handleSubmit, formState, setError, setValue, clearErrors } = form;
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
    setValue('stay', stayValues(JSON.parse(stayKey) as Stay, false));
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

  // One key per inquiry (lib/site/browser/inquiry-send.ts): Send pressed again after a lost answer finds
  // the lead the first press made.
  const [seed] = useState(newInquirySeed);
  // What the site writes before the traveller's words: the schema's limit alone would let a full message
  // through here and have it refused by the API, on a length the traveller never typed.
  const siteLines = [advisor?.line, infants > 0 ? infantsLine(infants) : undefined].filter(
    (line): line is string => Boolean(line),
  );
  const room = messageRoom(siteLines);
  const submit = handleSubmit(async (values) => {
    setProblems([]);
    if ((values.message?.length ?? 0) > room) {
      const lines = [advisor && 'your advisor’s line', infants > 0 && 'the line about infants'].filter(
        Boolean,
      );
      const added = `${lines.join(' and ')} ${lines.length > 1 ? 'go' : 'goes'}`;
      setError(
        'message',
        {
          type: 'too_long',
          message: `must be at most ${count(room)} characters here: ${added} before it`,
        },
        { shouldFocus: true },
      );
      return;
    }
    const honeypot = (document.getElementById(HONEYPOT_ID) as HTMLInputElement | null)?.value ?? '';
    const message =
      infants > 0 ? [infantsLine(infants), values.message].filter(Boolean).join('\n\n') : values.message;
    // A general request's budget currency, said to the agent by the site (lib/site/browser/budget-currency.ts).
    const currency = general
      ? (document.querySelector<HTMLSelectElement>(`select[name="${BUDGET_CURRENCY_FIELD}"]`)?.value ?? '')
      : '';
    const body = {
      ...values,
      message,
      [HONEYPOT_FIELD]: honeypot,
      ...(currency && { [BUDGET_CURRENCY_FIELD]: currency }),
      ...advisorPart(advisor, message),
    };
    try {
      const { lead } = await apiPost<{ lead: SentLead | null }>('/api/inquiries', body, undefined, {
        'Idempotency-Key': inquiryKey(seed, body),
      });
      if (!lead) setProblems(['Thank you.']);
      else if (onSent) onSent(lead);
      // The confirmation keeps the display currency the traveller chose.
      else router.push(withCurrency(`/inquiries/${lead.id}`, currencyIn(window.location.search)));
    } catch (caught) {
      setProblems(placeProblems(caught, setError));
    }
  });

  // On a property form the stay has no inputs: its problems are said above, with a way to change it.
  const stayProblems = general ? [] : messagesIn(errors.stay);
  return {
    form,
    general,
    ready,
    submit,
    errorOf,
    setDestination,
    infants,
    setInfants,
    messageMax: room,
    stayProblems,
    problems: [...stayProblems, ...problems],
  };
}

export type InquiryFormState = ReturnType<typeof useInquiryForm>;

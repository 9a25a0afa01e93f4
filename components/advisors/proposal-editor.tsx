'use client';

import { useEffect, useState } from 'react';
import { toDay } from '@/lib/site/browser';
import { advisorProfile, bearer, keepProposal, setAdvisorProfile } from '@/lib/site/browser/advisor-store';
import { ADVISOR_LIMITS, type AdvisorProfile, proposalInputSchema } from '@/lib/site/browser/advisors';
import { ApiError, apiSend } from '@/lib/site/browser/api-client';
import { fieldMessage } from '@/lib/site/browser/messages';
import { FormField, fieldA11y, inputClass } from './form-field';
import { type OptionDraft, OptionPicker } from './option-picker';
import { type ProfileDraft, ProfileFields, profileDraftOf } from './profile-fields';
import { primary, secondary } from './saved-card';

export interface EditorStart {
  title: string;
  clientName: string;
  note: string;
  reference: string;
  expiresOn: string;
  options: OptionDraft[];
  /** A draft's own advisor (a duplicate's, made on another device too); none: this browser's profile. */
  advisor?: AdvisorProfile;
}

/** The form's values as the API takes them (empty optional fields sent as null). */
function bodyOf(d: EditorStart, profile: ProfileDraft) {
  return {
    title: d.title,
    client_name: d.clientName,
    note: d.note || null,
    reference: d.reference || null,
    expires_on: d.expiresOn || null,
    advisor: { ...profile, agency: profile.agency || null, phone: profile.phone || null },
    options: d.options
      .filter((o) => o.included)
      .map((o) => ({
        property_id: o.propertyId,
        stay: { ...o.stay, bedrooms: o.stay.bedrooms ?? null },
        note: o.note || null,
      })),
  };
}

/** The form's problems by dotted path, in the site's words (the route's schema, checked here). */
function problemsOf(body: ReturnType<typeof bodyOf>) {
  const checked = proposalInputSchema(toDay(new Date())).safeParse(body);
  const found: Record<string, string> = {};
  if (checked.success) return { found, data: checked.data };
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    found[path] ??= fieldMessage(path, issue.message);
  }
  return { found, data: null };
}

/**
 * Making a proposal (from the shortlist) or changing a draft (`secret`): the advisor, the title, the client's
 * name, a note, the options with their stays. Checked here by the same schema as the route; saved as a draft
 * or sent (every option then quoted), after which the edit link's page takes over.
 */
export function ProposalEditor({ start, secret }: { start: EditorStart; secret?: string }) {
  const [draft, setDraft] = useState(start);
  const [profile, setProfile] = useState<ProfileDraft>(() =>
    profileDraftOf(start.advisor ?? advisorProfile()),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  // Once a send found problems, each field is checked again as it changes: a corrected field says so at once.
  const [checking, setChecking] = useState(false);
  const set = (patch: Partial<EditorStart>) => setDraft((d) => ({ ...d, ...patch }));
  useEffect(() => {
    if (!checking) return;
    const { found } = problemsOf(bodyOf(draft, profile));
    setErrors(found);
    if (Object.keys(found).length === 0) setProblem('');
  }, [checking, draft, profile]);

  const submit = async (send: boolean) => {
    setProblem('');
    const body = bodyOf(draft, profile);
    const { found, data } = problemsOf(body);
    if (!data) {
      setErrors(found);
      setChecking(true);
      setProblem('Some details need correcting; each is said on its field.');
      return;
    }
    setErrors({});
    setAdvisorProfile(data.advisor);
    setBusy(send ? 'send' : 'draft');
    try {
      const answer = secret
        ? await apiSend<{ proposal: unknown }>(
            'PATCH',
            '/api/proposals/edit',
            { ...body, send },
            bearer(secret),
          )
        : await apiSend<{ edit_secret: string }>('POST', '/api/proposals', { ...body, send });
      const key = secret ?? (answer as { edit_secret: string }).edit_secret;
      keepProposal({
        secret: key,
        title: body.title,
        client: body.client_name,
        at: new Date().toISOString(),
      });
      window.location.assign(`/proposals/edit#${key}`);
      if (secret) window.location.reload();
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      setErrors(e?.fields ?? {});
      setProblem(e ? e.message : 'The proposal could not be saved; please try again.');
      setBusy(null);
    }
  };

  const text = (path: string, key: keyof EditorStart, label: string, max: number, hint?: string) => (
    <FormField path={path} label={label} hint={hint} errors={errors}>
      <input
        maxLength={max}
        className={inputClass}
        value={draft[key] as string}
        onChange={(e) => set({ [key]: e.target.value })}
        {...fieldA11y(path, errors)}
      />
    </FormField>
  );

  return (
    <form
      onSubmit={(e) => e.preventDefault()}
      noValidate
      aria-label="Proposal"
      className="flex flex-col gap-6"
    >
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <ProfileFields value={profile} onChange={setProfile} errors={errors} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold text-ink-900">The proposal</legend>
        {text(
          'title',
          'title',
          'Title',
          ADVISOR_LIMITS.title,
          'What your client sees first, e.g. “Summer in Provence”.',
        )}
        {text('client_name', 'clientName', 'Client’s name', ADVISOR_LIMITS.clientName)}
        <div className="sm:col-span-2">
          <FormField path="note" label="Note to your client (optional)" errors={errors}>
            <textarea
              rows={3}
              maxLength={ADVISOR_LIMITS.note}
              className={inputClass}
              value={draft.note}
              onChange={(e) => set({ note: e.target.value })}
              {...fieldA11y('note', errors)}
            />
          </FormField>
        </div>
        {text(
          'reference',
          'reference',
          'Your reference (optional)',
          ADVISOR_LIMITS.reference,
          'Goes with the inquiry; one is made for you when left empty.',
        )}
        <FormField path="expires_on" label="Last day your client can open it (optional)" errors={errors}>
          <input
            type="date"
            min={toDay(new Date())}
            className={inputClass}
            value={draft.expiresOn}
            onChange={(e) => set({ expiresOn: e.target.value })}
            {...fieldA11y('expires_on', errors)}
          />
        </FormField>
      </fieldset>
      <OptionPicker
        options={draft.options}
        onChange={(i, next) => set({ options: draft.options.map((o, j) => (j === i ? next : o)) })}
        errors={errors}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={`${primary} px-6 py-3 text-base`}
          disabled={busy !== null}
          onClick={() => submit(true)}
        >
          {busy === 'send' ? 'Pricing every option…' : 'Send to my client'}
        </button>
        <button type="button" className={secondary} disabled={busy !== null} onClick={() => submit(false)}>
          {busy === 'draft' ? 'Saving…' : 'Save as a draft'}
        </button>
      </div>
    </form>
  );
}

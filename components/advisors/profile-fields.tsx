import { ADVISOR_LIMITS, type AdvisorProfile } from '@/lib/site/browser/advisors';
import { FormField, fieldA11y, inputClass } from './form-field';

export type ProfileDraft = { name: string; agency: string; email: string; phone: string };

export const profileDraftOf = (p: AdvisorProfile | null): ProfileDraft => ({
  name: p?.name ?? '',
  agency: p?.agency ?? '',
  email: p?.email ?? '',
  phone: p?.phone ?? '',
});

/** The advisor: entered once, kept in this browser, put on every proposal and in each inquiry's message. */
export function ProfileFields({
  value,
  onChange,
  errors,
}: {
  value: ProfileDraft;
  onChange: (next: ProfileDraft) => void;
  errors: Record<string, string>;
}) {
  const field = (key: keyof ProfileDraft, label: string, max: number, type = 'text', auto = '') => (
    <FormField path={`advisor.${key}`} label={label} errors={errors}>
      <input
        type={type}
        autoComplete={auto || undefined}
        maxLength={max}
        className={inputClass}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        {...fieldA11y(`advisor.${key}`, errors)}
      />
    </FormField>
  );
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 font-semibold text-ink-900">You, the advisor</legend>
      {field('name', 'Your name', ADVISOR_LIMITS.name, 'text', 'name')}
      {field('agency', 'Agency (optional)', ADVISOR_LIMITS.agency, 'text', 'organization')}
      {field('email', 'Your email', ADVISOR_LIMITS.email, 'email', 'email')}
      {field('phone', 'Your phone (optional)', ADVISOR_LIMITS.phone, 'tel', 'tel')}
      <p className="text-xs text-ink-700 sm:col-span-2">
        Kept in this browser for your next proposals. Your client sees these details, and the agent reads them
        in the inquiry’s message; the inquiry’s contact stays your client.
      </p>
    </fieldset>
  );
}

import type { ReactNode } from 'react';

/*
 * One field of the inquiry form: its label, its input, and under it either a hint or the field's problem
 * in words. The input is tied to its label and to its problem for a screen reader (`fieldProps`).
 */

export const INPUT_CLASS =
  'mt-1 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-700';

/** A field's element id, from the API's dotted path: `inq-contact-email`. */
const idOf = (name: string) => `inq-${name.replaceAll('.', '-')}`;

/** What an input needs to be its field's: its id, and its problem said when it has one. */
export function fieldProps(name: string, problem: string | undefined) {
  const id = idOf(name);
  return { id, 'aria-invalid': Boolean(problem), 'aria-describedby': problem ? `${id}-error` : undefined };
}

export function FormField({
  name,
  label,
  problem,
  hint,
  children,
}: {
  name: string;
  label: string;
  problem: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const id = idOf(name);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-700">
        {label}
      </label>
      {children}
      {hint && !problem && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-700">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}

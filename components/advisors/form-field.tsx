import type { ReactNode } from 'react';

export const inputClass =
  'mt-1 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-700';

/** The id, invalid state and description of a field's input, by its dotted path. */
export function fieldA11y(path: string, errors: Record<string, string>) {
  const id = `f-${path.replaceAll('.', '-')}`;
  const invalid = Boolean(errors[path]);
  return { id, 'aria-invalid': invalid, 'aria-describedby': invalid ? `${id}-error` : `${id}-hint` };
}

/** A labelled field with its hint, or its problem as a sentence in its place (as the inquiry form's). */
export function FormField({
  path,
  label,
  hint,
  errors,
  children,
}: {
  path: string;
  label: string;
  hint?: string;
  errors: Record<string, string>;
  children: ReactNode;
}) {
  const id = `f-${path.replaceAll('.', '-')}`;
  const message = errors[path];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-700">
        {label}
      </label>
      {children}
      {message ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {message}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-ink-700">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

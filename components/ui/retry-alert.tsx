import type { ReactNode } from 'react';

/**
 * What could not be loaded in place of a part of a page, said where the part would be, with "Try again" (the
 * destinations' filter, a country's places, the rest of a property's long lists).
 */
export function RetryAlert({
  onRetry,
  className = '',
  children,
}: {
  onRetry: () => void;
  /** Its margins where it stands. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={`${className} rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink-900`.trim()}>
      <p>{children}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 rounded-full px-3 py-1 font-medium ring-1 ring-ink-700 hover:bg-white"
      >
        Try again
      </button>
    </div>
  );
}

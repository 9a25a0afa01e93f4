import { showRange } from '@/lib/site/browser';
import type { CancellationTerm } from '@/lib/site/browser/cancellation';

/*
 * A stay's cancellation terms beside its price (booking card, inquiry summary, confirmation): the rate
 * period's policy name and description; a stay across periods under different policies names each with
 * its nights. Text only (lib/site/browser/cancellation.ts made it plain): nothing here renders HTML.
 */
export function CancellationTerms({
  terms,
  className = '',
  titled = true,
}: {
  terms: CancellationTerm[];
  className?: string;
  /** Its own title; false where a label beside it says it (the confirmation's list). */
  titled?: boolean;
}) {
  if (terms.length === 0) return null;
  const several = terms.length > 1;
  return (
    <div className={`text-sm text-ink-700 ${className}`} data-testid="cancellation-terms">
      {titled && (
        <p className="font-medium text-ink-900">{several ? 'Cancellation terms' : 'Cancellation'}</p>
      )}
      <ul className={`space-y-1 ${titled ? 'mt-1' : ''}`}>
        {terms.map((t) => (
          <li key={t.from} className="break-words">
            {several && (
              <span className="block text-xs text-ink-700">
                Nights of {showRange(t.from, t.to, { weekdays: false })}:
              </span>
            )}
            {t.name === null ? (
              <span>Not published for these nights: the agent will tell you the terms before you book.</span>
            ) : (
              <>
                <span className="font-medium text-ink-900">{t.name}</span>
                {t.description && <span>{` — ${t.description}`}</span>}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

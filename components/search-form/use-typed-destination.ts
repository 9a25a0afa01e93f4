'use client';

import { type RefObject, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { Location } from '@/lib/contract';
import { resolveLocation, unresolvedWords, wordsOf } from '@/lib/site/browser/match-locations';

/**
 * A destination typed but not picked is never dropped. When the field's form is sent, what was typed is
 * resolved first (`resolveLocation`): the one destination it names is chosen and shown before the form
 * reads its fields; otherwise the form is held back and the field says why (`onProblem`). Listening on the
 * form itself, this runs before the form's own submit handler, whichever form the field is in (the home
 * search, the results' filters, the general request). The function returned resolves it now.
 */
export function useTypedDestination({
  input,
  text,
  chosen,
  locations,
  failed,
  orElse,
  onFound,
  onProblem,
}: {
  input: RefObject<HTMLInputElement | null>;
  text: string;
  chosen: number | null;
  locations: Location[] | undefined;
  failed: boolean;
  orElse: string;
  onFound: (location: Location) => void;
  onProblem: (problem: string) => void;
}) {
  // Sent before the destinations had loaded: sent again once they have.
  const waiting = useRef(false);
  const onSubmit = useRef<(e: SubmitEvent) => void>(() => {});
  onSubmit.current = (e) => {
    if (chosen !== null || wordsOf(text).length === 0) return;
    if (locations) {
      const resolved = resolveLocation(locations, text);
      if (resolved.kind === 'found') {
        flushSync(() => onFound(resolved.location));
        return;
      }
      const problem = unresolvedWords(text, resolved, orElse);
      if (!problem) return;
      onProblem(problem);
    } else if (failed) {
      onProblem(`The destinations could not be loaded to find “${text.trim()}”. Try again, or ${orElse}.`);
    } else {
      waiting.current = true;
    }
    e.preventDefault();
    e.stopPropagation();
    input.current?.focus();
  };

  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const listen = (e: SubmitEvent) => onSubmit.current(e);
    form.addEventListener('submit', listen);
    return () => form.removeEventListener('submit', listen);
  }, [input]);

  useEffect(() => {
    if (!waiting.current || (!locations && !failed)) return;
    waiting.current = false;
    input.current?.form?.requestSubmit();
  }, [locations, failed, input]);

  /**
   * Resolves what was typed now (on leaving the field, or Enter before an option was moved to): the one
   * destination it names is chosen; with `asking`, the field says why when there is none.
   */
  return (asking: boolean) => {
    if (chosen !== null || !locations) return;
    const resolved = resolveLocation(locations, text);
    if (resolved.kind === 'found') onFound(resolved.location);
    const problem = asking && unresolvedWords(text, resolved, orElse);
    if (problem) onProblem(problem);
  };
}

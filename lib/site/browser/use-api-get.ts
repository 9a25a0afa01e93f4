import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from './api-error';

/*
 * A GET of one of the site's routes from a component, kept by key: what the booking card's quote and the
 * destination picker need of a data library, in well under 1 KB where react-query put 13 KB into every
 * page's script. The key names everything the request depends on; when it changes the older request is
 * cancelled. An answer younger than `freshMs` is shown at once when its key comes back and not asked again;
 * an older one is shown while it is asked again. Answers live for the tab, like react-query's cache did.
 */

interface Answer {
  at: number;
  data: unknown;
}
const answers = new Map<string, Answer>();

export interface ApiGet<T> {
  data?: T;
  error?: ApiError;
  /** Asking (the first time, or again for an answer no longer fresh). */
  loading: boolean;
  /** Asks again after a failure (a "Try again" button); an answer already had is kept. */
  retry: () => void;
}

interface State {
  key: string;
  data?: unknown;
  error?: ApiError;
  loading: boolean;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * A failed request as the site's error. The errors' table loads with the first failure, not with every
 * page's first script: the site's client (api-client.ts, itself loaded on first use) has it by then.
 */
const asApiError = (error: unknown) => import('./api-error').then((m) => m.toApiError(error));

/**
 * `key` null: nothing is asked (not needed yet). `retries`: failed requests asked again after a second
 * each (react-query's default wait), for answers worth waiting for; a quote refused is final.
 */
export function useApiGet<T>(
  key: string | null,
  get: (signal: AbortSignal) => Promise<T>,
  { freshMs, retries = 0 }: { freshMs: number; retries?: number },
): ApiGet<T> {
  const [state, setState] = useState<State | null>(null);
  // Bumped by retry(): the effect asks again for the same key.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  // The request of the current render; the effect runs per key, not per render.
  const latest = useRef(get);
  latest.current = get;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is not read; its change asks again
  useEffect(() => {
    if (key === null) return;
    const known = answers.get(key);
    if (known && Date.now() - known.at < freshMs) {
      setState({ key, data: known.data, loading: false });
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    setState({ key, data: known?.data, loading: true });
    (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await latest.current(signal);
          answers.set(key, { at: Date.now(), data });
          if (!signal.aborted) setState({ key, data, loading: false });
          return;
        } catch (error) {
          if (signal.aborted) return;
          if (attempt >= retries) {
            void asApiError(error).then((e) => signal.aborted || setState({ key, error: e, loading: false }));
            return;
          }
          await wait(1000, signal);
          if (signal.aborted) return;
        }
      }
    })();
    return () => controller.abort();
  }, [key, freshMs, retries, attempt]);

  if (key === null) return { loading: false, retry };
  // Until the effect has run for a new key, what is known of it already (as react-query read its cache).
  if (state?.key !== key) {
    const known = answers.get(key);
    return {
      data: known?.data as T | undefined,
      loading: !known || Date.now() - known.at >= freshMs,
      retry,
    };
  }
  return { data: state.data as T | undefined, error: state.error, loading: state.loading, retry };
}

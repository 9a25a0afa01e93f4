import type { AdvisorProfile } from './advisors';

/*
 * What an advisor's browser keeps (no account): the shortlist's token and which rentals are on it, the
 * advisor's profile, and the edit links of the proposals made here. In localStorage, so every tab and every
 * Save button sees one list; other tabs hear of changes through the `storage` event. Read only in the
 * browser: the server renders every Save button unpressed and the browser corrects it after hydration.
 */

const SHORTLIST = 'rental.shortlist';
const PROFILE = 'rental.advisor';
const PROPOSALS = 'rental.proposals';

export interface ShortlistState {
  token: string;
  /** Saved rentals: property id → the item's id on the shortlist. */
  saved: Record<string, string>;
}

export interface KeptProposal {
  secret: string;
  title: string;
  client: string;
  at: string;
}

const listeners = new Set<() => void>();
let cache: { shortlist: ShortlistState | null; raw: string | null } = { shortlist: null, raw: null };

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing (private mode, storage full): the page still works for this visit.
  }
  for (const listener of listeners) listener();
}

/** The shortlist this browser holds (the same object until it changes, as useSyncExternalStore needs). */
export function shortlistState(): ShortlistState | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(SHORTLIST);
  } catch {}
  if (raw !== cache.raw) cache = { raw, shortlist: raw ? read<ShortlistState>(SHORTLIST) : null };
  return cache.shortlist;
}

export const setShortlistState = (state: ShortlistState | null) => write(SHORTLIST, state);

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const advisorProfile = (): AdvisorProfile | null => read<AdvisorProfile>(PROFILE);
export const setAdvisorProfile = (profile: AdvisorProfile) => write(PROFILE, profile);

/** The proposals made in this browser, newest first (their edit links are the only way back to them). */
export const keptProposals = (): KeptProposal[] => read<KeptProposal[]>(PROPOSALS) ?? [];
export function keepProposal(entry: KeptProposal): void {
  write(PROPOSALS, [entry, ...keptProposals().filter((p) => p.secret !== entry.secret)].slice(0, 50));
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Whether a string has the shape of the site's tokens (lib/site/advisors/tokens.ts). */
export const isShareableToken = (value: string) => /^[A-Za-z0-9_-]{32}$/.test(value);

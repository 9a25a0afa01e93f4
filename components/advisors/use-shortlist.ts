import { useSyncExternalStore } from 'react';
import { shortlistState, subscribe } from '@/lib/site/browser/advisor-store';

/*
 * What this browser has saved, for the parts every page loads (the header's link, a Save button): the
 * browser's record only. The calls that change the list (shortlist-client.ts, with the site's API client)
 * load when a Save is pressed.
 */

const noStore = () => null;

/** The shortlist this browser holds (null on the server and before anything is saved). */
export function useShortlist() {
  return useSyncExternalStore(subscribe, shortlistState, noStore);
}

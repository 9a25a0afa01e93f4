import { STAY_PARAMS } from '@/lib/site/browser/stay-link';

/**
 * The server sends a property page without its stay (lib/site/page-cache.ts, shellOf); the booking widget
 * takes the stay from the address as it starts (stay-context.tsx). Until then, this marks the stay pending
 * on <html> while the page is still being read, so the parts that show the stay (data-stay-part, the card
 * and the phone's bar) wait invisible in their place rather than offer "Add dates" to a traveller who chose
 * them (app/globals.css; shown after 3 s if the page's scripts never run). The mark is also what tells the
 * widget there is a stay to read.
 */
const STAY_PENDING_SCRIPT = `(function(){for(var k of new URLSearchParams(location.search).keys())if(/^(?:${STAY_PARAMS.join('|')})$/.test(k))return document.documentElement.setAttribute('data-stay-pending','')})();`;

/** Before the booking widget in the page: see STAY_PENDING_SCRIPT. */
export function StayPending() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input
  return <script dangerouslySetInnerHTML={{ __html: STAY_PENDING_SCRIPT }} />;
}

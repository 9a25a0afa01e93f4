import 'server-only';
import { settings } from '@/lib/settings';
import theme from '@/tailwind.config';

/*
 * The site's own page for a refusal: too many pages from one visitor (429), the catalog busy or not
 * answering (503), or a failure of ours (500). It wears the site's frame (name, navigation, footer, the
 * theme's colours and type) but is one small HTML document with its style inline and no script: it is
 * what a visitor meets when the site is under strain, so it must cost almost nothing to send (no render,
 * no upstream call, ~3 KB) and read the same without JavaScript, to a crawler or a screen reader.
 */

export type Refusal = 'too_many_pages' | 'busy' | 'unavailable' | 'internal';

const WORDS: Record<Refusal, { title: string; text: (wait: string) => string }> = {
  too_many_pages: {
    title: 'Too many pages at once',
    text: (wait) =>
      `You have opened a lot of pages in a short time. Please wait ${wait} and try again: everything you were looking at is still here.`,
  },
  busy: {
    title: 'Our catalog is busy',
    text: (wait) =>
      `So many people are looking at rentals right now that we must wait a moment before asking our catalog again. Please try again in ${wait}.`,
  },
  unavailable: {
    title: 'Our catalog is not answering',
    text: (wait) => `We could not reach our catalog of rentals just now. Please try again in ${wait}.`,
  },
  internal: {
    title: 'This page could not be shown',
    text: () =>
      'Something went wrong on our side. Please try again in a moment; if it keeps happening, tell us the reference below.',
  },
};

/** A wait as a person reads it: "a second", "30 seconds", "10 minutes". */
export const waitInWords = (seconds: number) =>
  seconds <= 1 ? 'a second' : seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const extended = (theme.theme?.extend ?? {}) as {
  colors: Record<string, Record<string, string>>;
  fontFamily: Record<string, string[]>;
};
const colors = extended.colors;
const font = extended.fontFamily.sans!.join(', ');
const c = (name: string, shade: number) => colors[name]![shade]!;

// The frame of components/layout/site-chrome.tsx, in plain CSS: the page must not depend on a style sheet.
const STYLE = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;flex-direction:column;
font-family:${font};background:${c('sand', 50)};color:${c('ink', 900)};-webkit-font-smoothing:antialiased}
a{color:inherit}header,footer{background:#fff;border-color:${c('sand', 200)};border-style:solid;border-width:0}
header{border-bottom-width:1px}footer{border-top-width:1px;margin-top:4rem}
.bar{max-width:72rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;align-items:center;
justify-content:space-between;gap:.5rem 1.5rem}
.name{font-size:1.25rem;font-weight:600;letter-spacing:-.01em;color:${c('brand', 900)};text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem;
font-size:.875rem;font-weight:500;color:${c('ink', 700)}}nav a{text-decoration:none}nav a:hover{text-decoration:underline}
.cta{background:${c('brand', 700)};color:#fff;border-radius:9999px;padding:.5rem 1rem}
main{flex:1;width:100%;max-width:72rem;margin:0 auto;padding:4rem 1rem}
section{max-width:36rem;margin:0 auto;text-align:center}
h1{font-size:1.5rem;font-weight:600;margin:0}p{color:${c('ink', 700)};line-height:1.5;margin:.75rem 0 0}
.actions{margin-top:1.5rem;display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem 1.5rem;align-items:center}
.again{display:inline-block;background:${c('brand', 700)};color:#fff;border-radius:9999px;padding:.5rem 1.25rem;
font-weight:500;text-decoration:none}.again:hover{background:${c('brand', 900)}}
.link{color:${c('brand', 700)};font-weight:500}.ref{margin-top:2rem;font-size:.8125rem;color:${c('ink', 500)}}
.foot{font-size:.875rem;color:${c('ink', 700)};padding:2rem 1rem;align-items:flex-start}
.foot span{max-width:36rem}.foot ul{font-weight:400}.foot a{text-decoration:underline}
@media (min-width:640px){.bar{padding-left:1.5rem;padding-right:1.5rem}}
@media (max-width:640px){nav{width:100%}.foot{flex-direction:column}}`;

export interface RefusalPage {
  kind: Refusal;
  /** Seconds to wait (the answer's Retry-After); not said for an internal failure. */
  retryAfter?: number;
  /** Where "Try again" goes: the address that was refused, path and query. */
  again: string;
  requestId: string;
  /** A partner's frame (`/embed/*`): the message only, as the embeds show no site header or footer. */
  embedded?: boolean;
}

export function refusalPage({ kind, retryAfter, again, requestId, embedded = false }: RefusalPage): string {
  const { SITE_NAME } = settings();
  const words = WORDS[kind];
  const name = html(SITE_NAME);
  const signed = /[.!?]$/.test(SITE_NAME) ? name : `${name}.`;
  // Only a path on this site: "Try again" never leads elsewhere, whatever the address held.
  const target = again.startsWith('/') && !again.startsWith('//') ? again : '/';
  const header = `<header><div class="bar"><a class="name" href="/">${name}</a><nav aria-label="Main"><ul>
<li><a href="/destinations">Destinations</a></li><li><a href="/search">All rentals</a></li>
<li><a class="cta" href="/inquire">Ask an agent</a></li></ul></nav></div></header>`;
  const footer = `<footer><div class="bar foot"><span>© ${signed} Prices and availability come live from our catalog; every inquiry is answered by a reservations agent.</span>
<nav aria-label="Footer"><ul><li><a href="/destinations">Destinations</a></li><li><a href="/inquire">General request</a></li>
<li><a href="/partners">Embed for partners</a></li><li><a href="/docs/api">Partner API</a></li></ul></nav></div></footer>`;
  const destinations = embedded ? '' : '\n<a class="link" href="/destinations">Browse destinations</a>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${html(words.title)} · ${name}</title><style>${STYLE}</style></head><body>
${embedded ? '' : header}
<main id="main"><section aria-labelledby="refusal-title"><h1 id="refusal-title">${html(words.title)}</h1>
<p>${html(words.text(waitInWords(retryAfter ?? 30)))}</p>
<div class="actions"><a class="again" href="${html(target)}">Try again</a>${destinations}</div>
<p class="ref">Reference: ${html(requestId)}</p></section></main>
${embedded ? '' : footer}
</body></html>`;
}

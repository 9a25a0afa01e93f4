/**
 * React reveals a part of the page it sent after the page's frame (a boundary larger than ~12 KB, such as the
 * results view) no sooner than 300 ms after the frame's first paint, to batch reveals. On the results and
 * destination pages that held back the first cards' photos, the page's largest paint: 0.2–0.3 s on this
 * machine, over a second on Lighthouse's phone. Its inline runtime waits only while its `$RT` (the time of
 * the last reveal) is a number; kept from becoming one, every part is revealed at the next frame.
 * tests/build/production.test.ts checks that React's runtime still reads it so (docs/decisions.md "The
 * results revealed at once").
 */
export const REVEAL_AT_ONCE =
  'Object.defineProperty(window,"$RT",{configurable:false,get:function(){},set:function(){}});';

/** In the document's head, before React's runtime: see REVEAL_AT_ONCE. */
export function RevealAtOnce() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input
  return <script dangerouslySetInnerHTML={{ __html: REVEAL_AT_ONCE }} />;
}

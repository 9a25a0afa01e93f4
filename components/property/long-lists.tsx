'use client';

import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import type { RestOf } from './long-list-rest';

/*
 * The control that shows the rest of one of the property page's long lists (detail-lists.tsx, rate-rows.tsx):
 * the page sends each list's first view; what draws and loads the rest comes when a traveller first asks for
 * it (long-list-rest.tsx), so the page's own script grows by this button only. A disclosure: aria-expanded,
 * the rest right after it in reading order (the rates' rest: rows of their table, between its first seasons
 * and the default rate, with the button after the table).
 */

const Rest = lazy(() => import('./long-list-rest'));

export function ShowRest({
  rest: what,
  head,
  tail,
  show,
  hide,
}: {
  /** Which list, and what its rest is drawn from. */
  rest: RestOf;
  /** The rates table's first seasons and its default rate, drawn by the server. */
  head?: ReactNode;
  tail?: ReactNode;
  /** The button's words while the rest is hidden: "Show 8 more reviews". */
  show: string;
  /** Its words once shown: "Show fewer reviews". */
  hide: string;
}) {
  // null until first opened: nothing is loaded before that.
  const [open, setOpen] = useState<boolean | null>(null);
  const id = useId();
  const rest = open !== null && (
    <Suspense
      fallback={
        head ? null : (
          <p role="status" className="text-sm text-ink-700">
            Loading…
          </p>
        )
      }
    >
      <Rest {...what} />
    </Suspense>
  );
  const button = (
    <button
      type="button"
      aria-expanded={open === true}
      aria-controls={id}
      onClick={() => setOpen(!open)}
      className="mt-4 inline-block rounded-full px-4 py-2 text-sm font-medium text-ink-900 ring-1 ring-ink-700 hover:bg-sand-50"
    >
      {open ? hide : show}
    </button>
  );
  return head ? (
    <>
      <table id={id} className="w-full text-left text-sm">
        {head}
        {open && rest}
        {tail}
      </table>
      {button}
    </>
  ) : (
    <>
      {button}
      <div id={id} hidden={!open} className="mt-2">
        {rest}
      </div>
    </>
  );
}

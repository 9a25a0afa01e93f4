import { type RefObject, useEffect, useRef, useState } from 'react';

/*
 * The first use of a part of the page that is not live yet (hydrate-on-use.tsx): noticed, and kept until the
 * part is live. A pointer over the part or pressing it, a touch, focus or a key in it is its use. A press of
 * a button, or of a link to this same page, is held and done again once the part is live (should its script
 * never arrive, such a link still goes where it says after a while); a choice or typing in a field is told
 * to the part once it is live. Submit buttons and links to other pages are left to the browser: they work
 * without the part's script.
 */

/** What says a visitor is about to use the part: a pointer over it or pressing it, focus or a key in it. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** How long a held link waits for the part's script before the browser follows it anyway. */
const LINK_PATIENCE_MS = 5000;

type Held = { press: HTMLElement | null; fields: Set<HTMLInputElement | HTMLSelectElement> };

/** Listens for the first use inside `root` (and calls `onUse`); returns what to call once the part is live. */
export function useFirstUse(root: RefObject<HTMLElement | null>, onUse: () => void): () => void {
  const live = useRef(false);
  const held = useRef<Held>({ press: null, fields: new Set() });
  const [onLive] = useState(() => () => {
    live.current = true;
    const { press, fields } = held.current;
    held.current = { press: null, fields: new Set() };
    queueMicrotask(() => {
      for (const field of fields) if (field.isConnected) tellReact(field);
      if (press?.isConnected) press.click();
    });
  });

  useEffect(() => {
    // On the window, in the capture phase: React stops an event aimed at a part still to be hydrated
    // before it reaches anything below the document.
    const inside = (e: Event) => e.target instanceof Node && Boolean(root.current?.contains(e.target));
    const intent = (e: Event) => {
      if (inside(e)) onUse();
    };
    const press = (e: MouseEvent) => {
      if (live.current || !inside(e) || !(e.target instanceof Element)) return;
      const target = heldPress(e.target);
      if (!target) return;
      e.preventDefault();
      e.stopPropagation();
      held.current.press = target;
      onUse();
      if (target instanceof HTMLAnchorElement)
        setTimeout(() => !live.current && window.location.assign(target.href), LINK_PATIENCE_MS);
    };
    const changed = (e: Event) => {
      const field = e.target;
      if (live.current || !inside(e)) return;
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        held.current.fields.add(field);
        onUse();
      }
    };
    for (const type of INTENT) window.addEventListener(type, intent, { capture: true, passive: true });
    window.addEventListener('click', press, true);
    window.addEventListener('input', changed, true);
    window.addEventListener('change', changed, true);
    return () => {
      for (const type of INTENT) window.removeEventListener(type, intent, true);
      window.removeEventListener('click', press, true);
      window.removeEventListener('input', changed, true);
      window.removeEventListener('change', changed, true);
    };
  }, [root, onUse]);

  return onLive;
}

/** The press to hold until the part is live: a button that is not a submit, or a link to this same page. */
function heldPress(target: Element): HTMLElement | null {
  const button = target.closest('button');
  if (button) return button.type === 'submit' ? null : button;
  const link = target.closest('a');
  if (!link || link.target || new URL(link.href).pathname !== window.location.pathname) return null;
  return link;
}

/**
 * Tells the now-live part of a field changed before it was: a select's change is sent again; a text field
 * is emptied through React's own view of it and given its text back past it, so React sees the text as
 * new and its handler runs with it.
 */
function tellReact(field: HTMLInputElement | HTMLSelectElement) {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const text = field.value;
  field.value = '';
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

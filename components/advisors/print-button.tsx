'use client';

/** The browser's own print (and "Save as PDF"): the proposal's print style sheet makes it a clean document. */
export function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-full px-4 py-2 text-sm font-medium text-ink-900 ring-1 ring-sand-200 hover:bg-sand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 print:hidden"
    >
      Print or save as PDF
    </button>
  );
}

/** The look of a search field (a select, a text box): the home form's, the results' filters' and the destination's. */
export const FIELD =
  'mt-1 h-11 w-full rounded-lg border border-sand-200 bg-white px-3 py-2 text-ink-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500';

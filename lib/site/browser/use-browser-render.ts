import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the page hydrates; true in a render that starts in the browser (a later
 * page, a sheet opened). Parts drawn by the server and woken later (the property calendar, the results
 * view) tell by it whether there is server HTML to keep.
 */
export const useBrowserRender = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

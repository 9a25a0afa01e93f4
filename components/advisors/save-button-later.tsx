'use client';

import { type ComponentProps, lazy, Suspense } from 'react';

// The Save button's script, loaded after the page's first scripts: the server's HTML shows the button
// meanwhile, and React hydrates it once its code is in (a property page's first scripts stay under 150 KB).
const SaveButton = lazy(() => import('./save-button').then((m) => ({ default: m.SaveButton })));

/** SaveButton, its code loaded after the page's own (for pages where every first kilobyte counts). */
export function SaveButtonLater(props: ComponentProps<typeof SaveButton>) {
  return (
    <Suspense fallback={null}>
      <SaveButton {...props} />
    </Suspense>
  );
}

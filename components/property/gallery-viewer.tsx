'use client';

import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { Photo } from './photo';

export type { Photo } from './photo';

// The viewer (and next/image's script, which it uses) loads when the traveller first reaches for a photo.
const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(loadLightbox);

/**
 * The gallery's one piece of script: its photos and buttons come drawn from the server (gallery.tsx), and
 * a click on any button carrying `data-photo` opens the full-screen viewer at that photo. Focus returns to
 * the button that opened it.
 */
export function GalleryViewer({
  photos,
  name,
  children,
}: {
  photos: Photo[];
  name: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const button = (target: EventTarget) =>
    target instanceof Element ? target.closest<HTMLButtonElement>('button[data-photo]') : null;
  return (
    // The buttons inside are real buttons (keys reach them); this only listens to what they say.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys activate the buttons themselves, whose clicks bubble here
    <section
      aria-label="Photos"
      className="relative"
      onPointerOver={(e) => {
        if (button(e.target)) loadLightbox();
      }}
      onFocus={(e) => {
        if (button(e.target)) loadLightbox();
      }}
      onClick={(e) => {
        const b = button(e.target);
        if (!b) return;
        opener.current = b;
        setOpen(Number(b.dataset.photo));
      }}
    >
      {children}
      {open !== null && (
        <Suspense
          fallback={
            <div
              role="status"
              className="fixed inset-0 z-50 grid place-items-center bg-black text-sm text-white"
            >
              Loading the photos…
            </div>
          }
        >
          <Lightbox
            photos={photos}
            name={name}
            index={open}
            onIndex={setOpen}
            onClose={() => {
              setOpen(null);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

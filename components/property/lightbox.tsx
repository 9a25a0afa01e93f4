'use client';

import Image from 'next/image';
import { useCallback, useEffect, useRef } from 'react';
import type { Photo } from './photo';

/**
 * The full-screen photo viewer: caption and counter, moved by arrow keys, buttons or a swipe; focus stays
 * inside while it is open. Loaded by the gallery when first wanted.
 */
export default function Lightbox({
  photos,
  name,
  index,
  onIndex,
  onClose,
}: {
  photos: Photo[];
  name: string;
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const photo = photos[index]!;
  const go = useCallback(
    (step: number) => onIndex((index + step + photos.length) % photos.length),
    [index, onIndex, photos.length],
  );

  useEffect(() => {
    closeButton.current?.focus();
    const body = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = body;
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'Tab') {
      // Keep focus inside the viewer.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>('button');
      if (!focusable?.length) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={`Photos of ${name}`}
      // Focusable itself: a click or tap on the photo (no button there) keeps focus in the viewer rather
      // than dropping it on the page behind, where the arrow keys and Escape no longer reach it.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        swipeFrom.current = e.clientX;
      }}
      onPointerCancel={() => {
        swipeFrom.current = null;
      }}
      onPointerUp={(e) => {
        if (swipeFrom.current === null) return;
        const dx = e.clientX - swipeFrom.current;
        swipeFrom.current = null;
        if (Math.abs(dx) > 50) go(dx < 0 ? 1 : -1);
      }}
      className="fixed inset-0 z-50 flex flex-col bg-black text-white focus:outline-none"
    >
      <div className="flex items-center justify-between p-3">
        <p aria-live="polite" className="text-sm">
          Photo {index + 1} of {photos.length}
        </p>
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          className="rounded-full bg-white/10 px-4 py-2 text-sm hover:bg-white/20"
        >
          Close
        </button>
      </div>
      {/* A dragged image would cancel the swipe: the photo takes no pointer events, its frame does. */}
      <figure className="relative flex-1 touch-pan-y select-none">
        {/* Behind the photo, covered once it has loaded: a width never rendered before takes a moment. */}
        <p aria-hidden="true" className="absolute inset-0 grid place-items-center text-sm text-white/60">
          Loading the photo…
        </p>
        <Image
          key={photo.id}
          src={photo.url}
          alt={photo.caption || name}
          fill
          sizes="100vw"
          draggable={false}
          className="pointer-events-none object-contain"
        />
        <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 p-4 text-center text-sm">
          {photo.caption}
        </figcaption>
      </figure>
      <div className="flex justify-between p-3">
        <button
          type="button"
          onClick={() => go(-1)}
          className="rounded-full bg-white/10 px-4 py-2 hover:bg-white/20"
        >
          <span aria-hidden="true">← </span>Previous photo
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          className="rounded-full bg-white/10 px-4 py-2 hover:bg-white/20"
        >
          Next photo<span aria-hidden="true"> →</span>
        </button>
      </div>
    </div>
  );
}

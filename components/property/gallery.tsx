'use client';

import Image from 'next/image';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PhotoPlaceholder } from './photo-placeholder';

export interface Photo {
  id: number;
  url: string;
  caption: string;
}

/**
 * The cover and a grid of photos; any photo opens a full-screen viewer with its caption and a counter,
 * moved by arrow keys, buttons or a swipe. Focus stays inside the viewer and returns to the photo that
 * opened it. Each image asks the CDN for the width it is shown at; the cover loads first.
 */
export function Gallery({ photos, name }: { photos: Photo[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  if (photos.length === 0) {
    return (
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl sm:aspect-[16/9] md:aspect-auto md:h-[26rem]">
        <PhotoPlaceholder size="gallery" />
      </div>
    );
  }
  const show = (i: number) => (e: React.MouseEvent<HTMLButtonElement>) => {
    opener.current = e.currentTarget;
    setOpen(i);
  };
  const grid = photos.slice(1, 5);
  // On a desktop the cover and the four thumbnails share one fixed height, so their top and bottom edges
  // line up whatever the photos' shapes.
  return (
    <section aria-label="Photos" className="relative">
      <div className="grid gap-2 md:h-[26rem] md:grid-cols-[2fr_1fr]">
        <button
          type="button"
          onClick={show(0)}
          className="relative block aspect-[4/3] overflow-hidden rounded-2xl md:aspect-auto md:h-full"
        >
          <Image
            src={photos[0]!.url}
            alt={photos[0]!.caption || name}
            fill
            priority
            sizes="(min-width: 1280px) 800px, (min-width: 768px) 66vw, 100vw"
            className="object-cover"
          />
          <span className="sr-only">Open photo 1 of {photos.length}</span>
        </button>
        {grid.length > 0 && (
          <div className="hidden h-full grid-cols-2 grid-rows-2 gap-2 md:grid">
            {grid.map((p, i) => (
              <button
                type="button"
                key={p.id}
                onClick={show(i + 1)}
                className="relative block h-full overflow-hidden rounded-xl"
              >
                <Image
                  src={p.url}
                  alt={p.caption || name}
                  fill
                  sizes="(min-width: 1280px) 200px, 17vw"
                  className="object-cover"
                />
                <span className="sr-only">
                  Open photo {i + 2} of {photos.length}
                </span>
              </button>
            ))}
          </div>
        )}
      </div>
      {photos.length > 1 && (
        <button
          type="button"
          onClick={show(0)}
          className="absolute right-3 bottom-3 rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-ink-900 shadow ring-1 ring-sand-200 hover:bg-white"
        >
          Show all {photos.length} photos
        </button>
      )}
      {open !== null && (
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
      )}
    </section>
  );
}

function Lightbox({
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
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white"
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

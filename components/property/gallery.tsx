import { getImageProps } from 'next/image';
import { preload } from 'react-dom';
import { GalleryViewer, type Photo } from './gallery-viewer';
import { PhotoPlaceholder } from './photo-placeholder';

export type { Photo } from './gallery-viewer';

const COVER_SIZES = '(min-width: 1280px) 800px, (min-width: 768px) 66vw, 100vw';

/** What next/image would write for a photo filling its frame: the CDN's widths for `sizes`. */
function photoProps(photo: Photo, name: string, sizes: string, cover = false) {
  return getImageProps({
    src: photo.url,
    alt: photo.caption || name,
    fill: true,
    sizes,
    className: 'object-cover',
    ...(cover ? { priority: true, fetchPriority: 'high' as const } : {}),
  }).props;
}

/**
 * The cover and a grid of photos; any photo opens a full-screen viewer with its caption and a counter,
 * moved by arrow keys, buttons or a swipe (gallery-viewer.tsx). Drawn on the server: each image asks the
 * CDN for the width it is shown at (next/image's rules, without its script in the page), and the cover is
 * preloaded at high priority, since it is what a phone shows largest first.
 */
export function Gallery({ photos, name }: { photos: Photo[]; name: string }) {
  if (photos.length === 0) {
    return (
      <div className="relative aspect-[4/3] overflow-hidden rounded-2xl sm:aspect-[16/9] md:aspect-auto md:h-[26rem]">
        <PhotoPlaceholder size="gallery" />
      </div>
    );
  }
  const cover = photoProps(photos[0]!, name, COVER_SIZES, true);
  preload(cover.src, {
    as: 'image',
    imageSrcSet: cover.srcSet,
    imageSizes: cover.sizes,
    fetchPriority: 'high',
  });
  const grid = photos.slice(1, 5);
  // On a desktop the cover and the four thumbnails share one fixed height, so their top and bottom edges
  // line up whatever the photos' shapes. Every button names the photo it opens in `data-photo`.
  return (
    <GalleryViewer photos={photos} name={name}>
      <div className="grid gap-2 md:h-[26rem] md:grid-cols-[2fr_1fr]">
        <button
          type="button"
          data-photo={0}
          className="relative block aspect-[4/3] overflow-hidden rounded-2xl md:aspect-auto md:h-full"
        >
          {/* biome-ignore lint/performance/noImgElement: next/image's own attributes, without its script */}
          <img {...cover} alt={cover.alt} />
          <span className="sr-only">Open photo 1 of {photos.length}</span>
        </button>
        {grid.length > 0 && (
          <div className="hidden h-full grid-cols-2 grid-rows-2 gap-2 md:grid">
            {grid.map((p, i) => (
              <button
                type="button"
                key={p.id}
                data-photo={i + 1}
                className="relative block h-full overflow-hidden rounded-xl"
              >
                {/* biome-ignore lint/performance/noImgElement: next/image's own attributes, without its script */}
                <img {...photoProps(p, name, '(min-width: 1280px) 200px, 17vw')} alt={p.caption || name} />
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
          data-photo={0}
          className="absolute right-3 bottom-3 rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-ink-900 shadow ring-1 ring-sand-200 hover:bg-white"
        >
          Show all {photos.length} photos
        </button>
      )}
    </GalleryViewer>
  );
}

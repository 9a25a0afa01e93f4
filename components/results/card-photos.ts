import { getImageProps } from 'next/image';

/** The widths a result card's cover is shown at (property-card.tsx). */
export const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';
/** How many cards open a list with their cover asked for at once, from the page's head. */
export const EAGER_CARDS = 2;
/**
 * Where the grid has two columns (CARD_SIZES): only there is a second card's cover on the first screen. On a
 * phone the first cover, the page's largest paint, has the connection to itself.
 */
export const TWO_COLUMNS = '(min-width: 640px)';
/**
 * The first row of the widest grid: their covers are asked for with the page, not once scrolled to. A third
 * cover loaded lazily painted 0.5 s after the first two on a 1366 px screen, and, a pixel larger by rounding,
 * became the page's largest paint.
 */
export const FIRST_ROW_CARDS = 3;

/** A cover to ask for early: the request its card's `<img>` makes (next/image's rules), on screens `media`. */
export type CoverPreload = { src: string; srcSet?: string; sizes?: string; media?: string };

/**
 * The first cards' covers, for the results view to ask for from the page's head (results-view.tsx): the
 * view itself is drawn within a boundary React sends after the page's frame, so its images' own preloads
 * would come later. Worked out on the server, so the browser ships none of next/image's rules for it. The
 * first for every screen, the next ones where the grid has two columns.
 */
export function coverPreloads(properties: { image?: { url: string } | null }[] | undefined): CoverPreload[] {
  return (properties ?? [])
    .slice(0, EAGER_CARDS)
    .flatMap((p) => (p.image ? [p.image.url] : []))
    .map((url, i) => {
      const { props } = getImageProps({ src: url, alt: '', fill: true, sizes: CARD_SIZES, priority: true });
      return {
        src: props.src,
        srcSet: props.srcSet,
        sizes: props.sizes,
        ...(i > 0 && { media: TWO_COLUMNS }),
      };
    });
}

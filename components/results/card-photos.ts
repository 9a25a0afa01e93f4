import { getImageProps } from 'next/image';

/** Where the results grid has two columns, and three (its `sm:grid-cols-2` and `xl:grid-cols-3`, results-grid.tsx). */
const TWO_COLUMNS = '(min-width: 640px)';
const THREE_COLUMNS = '(min-width: 1280px)';
/** The widths a result card's cover is shown at (property-card.tsx). */
export const CARD_SIZES = `(min-width: 1024px) 360px, ${TWO_COLUMNS} 50vw, 100vw`;
/**
 * The first row of the widest grid: their covers are asked for from the page's head (below), where they are
 * on the first screen, and only there. The cards' own images past the first are lazy, so a phone, whose first
 * screen shows one card, asks for the next covers once the page is laid out (Chromium loads a lazy image
 * within ~1,250 px of the screen), not with the head's first requests beside the largest paint's image:
 * Lighthouse's simulated phone counted those two covers (55–62 KB, ~0.3 s of its LCP). On a wide screen the
 * lazy image finds its cover already fetched by the preload; loaded only once laid out, a third cover painted
 * 0.5 s after the first two on a 1366 px screen and, a pixel larger by rounding, became the largest paint.
 */
const FIRST_ROW_CARDS = 3;
/**
 * The screens on which each of the first row's cards is on the first screen (one column, then two, then
 * three). A phone's first screen shows one card: its cover, the page's largest paint, has the connection to
 * itself.
 */
const FIRST_ROW_MEDIA = [undefined, TWO_COLUMNS, THREE_COLUMNS] as const;

/** A cover to ask for early: the request its card's `<img>` makes (next/image's rules), on screens `media`. */
export type CoverPreload = { src: string; srcSet?: string; sizes?: string; media?: string };

/**
 * The first row's covers, for the results view to ask for from the page's head (results-view.tsx), each on
 * the screens where it is on the first screen: the view itself is drawn within a boundary React sends after
 * the page's frame, so its images' own preloads would come later. The first is also the one React adds by
 * itself, without a media query, for a priority image drawn before the head is sent (once per image).
 * Worked out on the server, so the browser ships none of next/image's rules for it.
 */
export function coverPreloads(properties: { image?: { url: string } | null }[] | undefined): CoverPreload[] {
  return (properties ?? []).slice(0, FIRST_ROW_CARDS).flatMap((p, i) => {
    if (!p.image) return [];
    const { props } = getImageProps({
      src: p.image.url,
      alt: '',
      fill: true,
      sizes: CARD_SIZES,
      priority: true,
    });
    const media = FIRST_ROW_MEDIA[i];
    return [{ src: props.src, srcSet: props.srcSet, sizes: props.sizes, ...(media && { media }) }];
  });
}

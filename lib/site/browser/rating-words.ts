import { plural } from './index';

/**
 * A rating as the cards say it, with the count of reviews behind it when known: "★ 4.6 · 12 reviews",
 * "★ 4.6" (count unknown). Null for a rental without reviews: no stars, never 0.
 */
export function ratingWords(rating: number | null, reviews: number | undefined): string | null {
  if (rating === null || reviews === 0) return null;
  return `★ ${rating.toFixed(1)}${reviews === undefined ? '' : ` · ${plural(reviews, 'review')}`}`;
}

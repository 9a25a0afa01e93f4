import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REVIEWS_SHOWN } from '@/components/property/detail-lists';
import { Reviews } from '@/components/property/details';
import { CardRating } from '@/components/results/property-card';
import type { PropertyDetail } from '@/lib/contract';
import { ratingWords } from '@/lib/site/browser/rating-words';

const review = (date: string, title: string, rating = 5) => ({
  author: `Guest ${title}`,
  date,
  title,
  text: `Text of ${title}`,
  rating,
});

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the rating on a card', () => {
  it('says the rating with the count of reviews behind it', () => {
    const html = renderToStaticMarkup(CardRating({ rating: 4.6, reviews: 12 })!);
    expect(text(html)).toBe('★ Rated 4.6 out of 5 · , 12 reviews');
    expect(text(renderToStaticMarkup(CardRating({ rating: 5, reviews: 1 })!))).toContain('1 review');
  });

  it('shows no stars for a rental with no reviews, and the rating alone while the count is unknown', () => {
    expect(CardRating({ rating: null, reviews: 0 })).toBeNull();
    expect(CardRating({ rating: 4.2, reviews: 0 })).toBeNull();
    expect(CardRating({ rating: null, reviews: undefined })).toBeNull();
    const html = renderToStaticMarkup(CardRating({ rating: 4.2, reviews: undefined })!);
    expect(text(html)).toBe('★ Rated 4.2 out of 5');
  });
});

describe('the rating in words (shortlist and comparison)', () => {
  it('says the count behind the rating, the rating alone when unknown, nothing without reviews', () => {
    expect(ratingWords(4.6, 12)).toBe('★ 4.6 · 12 reviews');
    expect(ratingWords(5, 1)).toBe('★ 5.0 · 1 review');
    expect(ratingWords(4.2, undefined)).toBe('★ 4.2');
    expect(ratingWords(4.2, 0)).toBeNull();
    expect(ratingWords(null, 3)).toBeNull();
  });
});

describe('the property page’s reviews', () => {
  const p = (reviews: PropertyDetail['reviews'], rating: number | null) =>
    ({ id: 7, rating, reviews }) as unknown as PropertyDetail;

  it('shows the newest first, the first few at once; the rest are not in the page but asked for', () => {
    // Out of order on purpose: an upstream's order is not trusted.
    const reviews = [
      review('2026-03-01', 'March'),
      review('2026-09-01', 'September', 4),
      review('2025-12-01', 'December'),
      review('2026-06-01', 'June'),
      review('2026-01-01', 'January'),
      review('2026-08-01', 'August'),
    ];
    const html = renderToStaticMarkup(Reviews({ p: p(reviews, 4.8) }));
    const order = [...html.matchAll(/Text of (\w+)/g)].map((m) => m[1]);
    expect(order).toEqual(['September', 'August', 'June', 'March'].slice(0, REVIEWS_SHOWN));
    expect(text(html)).toContain('★ Rated 4.8 out of 5 · , 6 reviews');
    expect(html).toMatch(/<button type="button" aria-expanded="false"[^>]*>Show 2 more reviews<\/button>/);
    expect(html).not.toContain('January');
  });

  it('has no control to show more when all fit, says so when there are none, and renders text only', () => {
    const few = renderToStaticMarkup(
      Reviews({ p: p([review('2026-01-01', '<img src=x onerror=alert(1)>')], 5) }),
    );
    expect(few).not.toContain('<button');
    expect(few).not.toContain('<img');
    expect(text(few)).toContain('1 review');
    const none = renderToStaticMarkup(Reviews({ p: p([], null) }));
    expect(text(none)).toContain('No reviews yet.');
    expect(none).not.toContain('★');
  });
});

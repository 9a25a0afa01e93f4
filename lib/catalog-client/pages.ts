import 'server-only';

/*
 * Following a paged listing of the API (GET /properties, GET /properties/changes) to its end, as the
 * document allows it to end: `next` is "a relative path to the following page", so on the last page it may
 * be absent, null or empty; a page past the end is empty; and no answer may keep a loop going for ever (a
 * vendor whose `next` never ends, a mock that invents one), so a listing stops at a ceiling of pages.
 */

/** At most this many pages of one listing: 200,000 properties at 200 a page, a million changes at 1,000. */
export const MAX_PAGES = 1000;

/** Whether the listing goes on after `page`, which held `items` items and this pagination. */
export function hasNextPage(pagination: { next?: string | null }, page: number, items: number): boolean {
  return items > 0 && typeof pagination.next === 'string' && pagination.next !== '' && page < MAX_PAGES;
}

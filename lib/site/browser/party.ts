import { plural } from './index';

/*
 * Words for a party and the bedrooms a price is for, one place for every page that shows a price or a
 * party: the result card, the booking card, the inquiry's summary and the confirmation.
 */

/**
 * The bedrooms a price is for: "2 of 6 bedrooms" when the rental has more than are priced (it rents a
 * part; the whole is dearer), "all 6 bedrooms" or "1 bedroom" when it is whole.
 */
export function bedroomsOf(priced: number, of: number): string {
  if (priced < of) return `${priced.toLocaleString('en')} of ${plural(of, 'bedroom')}`;
  return of > 1 ? `all ${plural(of, 'bedroom')}` : plural(of, 'bedroom');
}

/** The same beside a figure: "for 2 of 6 bedrooms". */
export const bedroomsFor = (priced: number, of: number) => `for ${bedroomsOf(priced, of)}`;

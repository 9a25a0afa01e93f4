import { AGES } from '@/lib/contract/limits';
import { count, plural } from './index';

/*
 * Words for a party and the bedrooms a price is for, one place for every page that shows a price or a
 * party: the result card, the booking card, the inquiry's summary and the confirmation.
 */

/**
 * The bedrooms a price is for: "2 of 6 bedrooms" when the rental has more than are priced (it rents a
 * part; the whole is dearer), "all 6 bedrooms" or "1 bedroom" when it is whole.
 */
export function bedroomsOf(priced: number, of: number): string {
  if (priced < of) return `${count(priced)} of ${plural(of, 'bedroom')}`;
  return of > 1 ? `all ${plural(of, 'bedroom')}` : plural(of, 'bedroom');
}

/** The same beside a figure: "for 2 of 6 bedrooms". */
export const bedroomsFor = (priced: number, of: number) => `for ${bedroomsOf(priced, of)}`;

/** The party's rows as every party field shows them: label, ages, and the words for one and many. */
export const PARTY_ROWS = [
  { key: 'adults', label: 'Adults', ages: `Ages ${AGES.adultFrom} or above`, one: 'adult', many: 'adults' },
  {
    key: 'children',
    label: 'Children',
    ages: `Ages ${AGES.childFrom}–${AGES.adultFrom - 1}`,
    one: 'child',
    many: 'children',
  },
  { key: 'infants', label: 'Infants', ages: `Under ${AGES.childFrom}`, one: 'infant', many: 'infants' },
] as const;

export interface Party {
  adults: number;
  children: number;
  infants?: number;
}

/** "2 adults, 1 child, 1 infant": everyone in the party, infants included (they are not guests to the API). */
export function partyWords({ adults, children, infants = 0 }: Party, separator = ', '): string {
  return [
    plural(adults, 'adult'),
    children > 0 && plural(children, 'child', 'children'),
    infants > 0 && plural(infants, 'infant'),
  ]
    .filter(Boolean)
    .join(separator);
}

/** The line an inquiry's message opens with when infants come: the API has no field for them. */
export const infantsLine = (infants: number) =>
  `Also travelling: ${plural(infants, 'infant')} (under ${AGES.childFrom}), not counted among the guests.`;

/** The infants an inquiry's message names in its first line (infantsLine's inverse), or 0. */
export function infantsIn(message: string | undefined): number {
  const m = /^Also travelling: (\d+) infants? \(under \d+\)/.exec(message ?? '');
  return m ? Number(m[1]) : 0;
}

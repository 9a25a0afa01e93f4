import { count, showDay } from './index';

/*
 * Words for people. The API and the contract's schemas speak to programs ("must be after stay.checkin",
 * "must be a date (YYYY-MM-DD)", "send either property_id or destination"); a traveller or an advisor must
 * only ever read a sentence that names the field as its label does. Every message the site shows for a
 * field or a failure passes through here, in the browser and on the server alike (no I/O, no secrets).
 */

/** A field's label, as the forms and filters print it, by the dotted path the API uses. */
const LABELS: Record<string, string> = {
  property_id: 'Rental',
  destination: 'Destination',
  'destination.id': 'Destination',
  'destination.name': 'Destination',
  'stay.checkin': 'Check-in',
  'stay.checkout': 'Check-out',
  'stay.guests.adults': 'Adults',
  'stay.guests.children': 'Children',
  'stay.bedrooms': 'Bedrooms',
  'budget.min': 'Minimum nightly budget',
  'budget.max': 'Maximum nightly budget',
  'contact.first_name': 'First name',
  'contact.last_name': 'Last name',
  'contact.email': 'Email',
  'contact.phone': 'Phone',
  message: 'Message',
  reference: 'Your reference',
  checkin: 'Check-in',
  checkout: 'Check-out',
  adults: 'Adults',
  children: 'Children',
  guests: 'Guests',
  rooms: 'Bedrooms',
  bedrooms: 'Bedrooms',
  location: 'Destination',
  sort: 'Sort order',
  price_min: 'Lowest price a night',
  price_max: 'Highest price a night',
  currency: 'Currency',
  flex: 'Flexible dates',
  months: 'Months',
  type: 'Property type',
  amenities: 'Amenities',
  bathrooms: 'Bathrooms',
  rating: 'Rating',
  policies: 'Policies',
  bounds: 'Map area',
  page: 'Page',
  per_page: 'Results per page',
  from: 'From',
  to: 'To',
  // An advisor's proposal (lib/site/browser/advisors.ts); an option's fields as `option.…`, whichever option.
  title: 'Title',
  client_name: 'Client’s name',
  note: 'Note to your client',
  expires_on: 'Last day',
  options: 'Options',
  'advisor.name': 'Your name',
  'advisor.agency': 'Agency',
  'advisor.email': 'Your email',
  'advisor.phone': 'Your phone',
  'option.property_id': 'Rental',
  'option.stay.checkin': 'Check-in',
  'option.stay.checkout': 'Check-out',
  'option.stay.adults': 'Adults',
  'option.stay.children': 'Children',
  'option.stay.bedrooms': 'Bedrooms',
  'option.note': 'Note on this option',
  'stay.adults': 'Adults',
  'stay.children': 'Children',
};

/** The label for a dotted path; a path we do not know becomes words, never the path itself. */
export function fieldLabel(path: string): string {
  const known = LABELS[path] ?? LABELS[path.replace(/^options\.\d+\./, 'option.')];
  if (known) return known;
  const last = path.split('.').pop() ?? path;
  const words = last.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This field';
}

const lower = (label: string) => label.toLowerCase();
/** "Enter a title", "Enter an email", "Enter your name", "Enter your client’s name". */
const enter = (label: string) => {
  const words = lower(label);
  if (/^your /.test(words)) return `Enter ${words}`;
  if (/’s /.test(words)) return `Enter your ${words}`;
  return `Enter ${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
};
const isDay = (path: string) => path.endsWith('checkin') || path.endsWith('checkout');

/** Dates inside a sentence read as "Sat 13 Feb 2027", not 2027-02-13. */
export function plainDates(text: string): string {
  return text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (day) => showDay(day));
}

type Rule = [RegExp, (label: string, path: string, match: RegExpMatchArray) => string];

/** The API's rules, first match wins; `$1` of each pattern is what the sentence needs of the rule. */
const RULES: Rule[] = [
  [
    /^(send either property_id or destination|needs an id, a name or both)/,
    (_l, path) =>
      path === 'property_id' ? 'Choose a rental or a destination' : 'Choose a destination or describe one',
  ],
  [
    /^(is required|required)/i,
    (label, path) => (isDay(path) ? `Choose a ${lower(label)} date` : enter(label)),
  ],
  [/^must be a date/, (label) => `${label} must be a real date`],
  [/^must be west,south,east,north/, () => 'The map area could not be read; choose it again on the map'],
  [/^must be today or later/, (label) => `${label} can’t be in the past`],
  [/^must be after (\S+)/, (label, _p, m) => `${label} must be after ${lower(fieldLabel(m[1]!))}`],
  [/^must not be before (\S+)/, (label, _p, m) => `${label} can’t be before ${lower(fieldLabel(m[1]!))}`],
  [/^must not be below (\S+)/, (label, _p, m) => `${label} can’t be below the ${lower(fieldLabel(m[1]!))}`],
  [/valid email/, () => 'Enter a valid email address'],
  [/^must be at most (\d+) nights after/, (_l, _p, m) => `A stay can be at most ${m[1]} nights`],
  [/^must be at most (\d+) years ahead/, (label, _p, m) => `${label} can be at most ${m[1]} years ahead`],
  [
    /^must not contain control characters/,
    (label) => `${label} has characters that can’t be sent; please retype it`,
  ],
  [
    /^must be at most (\d+) characters/,
    (label, _p, m) => `${label} can be at most ${count(Number(m[1]))} characters`,
  ],
  [
    /^must be (?:an integer )?\(?(between \d+ and \d+|at least \d+|at most \d+)\)?/,
    (label, _p, m) => `${label} must be a whole number ${m[1]}`,
  ],
  [/^must be an integer/, (label) => `${label} must be a whole number`],
  [/^must be one of/, (label) => `Choose one of the offered ${lower(label)} options`],
  [/^must hold at least (\d+)/, () => 'Include at least one rental'],
  [/^must hold at most (\d+)/, (_l, _p, m) => `A proposal can hold at most ${m[1]} options`],
  [/^must be a string/, (label) => `${label} must be text`],
  [/^is booked on these dates/, () => 'This rental is booked on these dates; choose others'],
  [/^is not free on these dates/, () => 'This rental can’t be had on these dates; choose others'],
  [
    /not found|unknown|not available|not live/i,
    (label, path) =>
      path === 'property_id'
        ? 'This rental is no longer available'
        : `${label} was not found; choose another`,
  ],
];

/**
 * One field's problem as a sentence: the API's rule ("must be between 1 and 50") turned into the site's
 * words ("Adults must be a whole number between 1 and 50"). Rules the site has no words for fall back to a
 * plain request to check the field, so no API wording ever reaches a person.
 */
export function fieldMessage(path: string, message: string): string {
  const label = fieldLabel(path);
  const text = message.trim();
  for (const [pattern, say] of RULES) {
    const match = text.match(pattern);
    if (match) return say(label, path, match);
  }
  return `Please check ${lower(label)}`;
}

/** Every field's problem as a sentence, keyed as the API keys them (for placing them on their inputs). */
export function fieldMessages(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) out[path] = fieldMessage(path, message);
  return out;
}

/** A whole-request problem (a stay rule, a failure) as a sentence, with dates in words. */
export function plainMessage(message: string | undefined, fallback: string): string {
  if (!message) return fallback;
  // Anything still naming a field by its API name or a format mask is not for people.
  if (/\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_.]+\b|YYYY|MM-DD/.test(message)) return fallback;
  return plainDates(message);
}

/** Finds API words a person must never read: dotted paths, snake_case field names, format masks. */
export function apiWordsIn(text: string): string[] {
  return text.match(/\b[a-z]+(?:\.[a-z_]+)+\b|\b[a-z]+_[a-z_]+\b|YYYY-MM-DD|mm\/dd\/yyyy/gi) ?? [];
}

export * from './stay-link';
export { readStay } from './stay-read';

/*
 * The traveller's stay: dates and party (and bedrooms where it matters), carried in the URL from the home
 * search to the results, into every card's link, onto the property page, into the inquiry and onto the
 * confirmation. One reader and one writer, shared by the server's pages and the browser, so every page
 * agrees on what `?checkin=…&checkout=…&adults=…&children=…` means. Dates stay `YYYY-MM-DD` strings. The
 * writer and the stay's shape are stay-link.ts, the reader stay-read.ts.
 */

import 'server-only';
import type { Answer } from '@/lib/catalog-client';
import type {
  InquiryRequest,
  TolerantLocationCatalog,
  TolerantPropertyDetail,
  TolerantPropertyImages,
  TolerantQuote,
  TolerantRateSheet,
} from '@/lib/contract';
import { today } from '@/lib/dates';
import { cancellationTerms } from '@/lib/site/browser/cancellation';
import { infantsIn } from '@/lib/site/browser/party';
import { calendarRatesWindow } from '@/lib/site/browser/stay-rules';
import { cachedOnly, catalogReads } from '@/lib/site/catalog-reads';
import type { SiteDb } from '@/lib/site/db/client';
import type { LeadShown } from '@/lib/site/db/schema';
import { type Lead, setShown } from './store';

/*
 * What the traveller saw when sending an inquiry (the rental's name and photo, the total they were quoted,
 * or the destination), kept with the lead for its confirmation. Nothing is asked of the upstream for it
 * before the lead is stored: it comes from the cache, which holds what the page showed. What the cache
 * lacked (another instance served the page, an entry aged out) is read afterwards, once the upstream has
 * taken the inquiry: through the cache, at most two seconds, or left out.
 */

/** The answers a decoration is made of; `undefined` when not held (or, read through the cache, not had). */
interface Parts {
  property?: TolerantPropertyDetail;
  images?: TolerantPropertyImages;
  quote?: TolerantQuote;
  rates?: TolerantRateSheet;
  locations?: TolerantLocationCatalog;
}

/** The quote of exactly the stay the inquiry names, as the booking card asked it (the route's defaults). */
const quoteStay = (stay: InquiryRequest['stay']) => ({
  checkin: stay.checkin,
  checkout: stay.checkout,
  adults: stay.guests.adults,
  children: stay.guests.children,
  ...(stay.bedrooms ? { bedrooms: stay.bedrooms } : {}),
});

interface Reader {
  property: (id: number) => Promise<TolerantPropertyDetail | undefined>;
  images: (id: number) => Promise<TolerantPropertyImages | undefined>;
  quote: (id: number, stay: ReturnType<typeof quoteStay>) => Promise<TolerantQuote | undefined>;
  rates: (id: number) => Promise<TolerantRateSheet | undefined>;
  locations: () => Promise<TolerantLocationCatalog | undefined>;
}

/** What the cache holds, fresh or stale: no upstream call, whatever is missing. */
const fromCache: Reader = {
  property: async (id) => cachedOnly().property(id)?.data,
  images: async (id) => cachedOnly().images(id)?.data,
  quote: async (id, stay) => cachedOnly().quote(id, stay)?.data,
  // The sheet the property page read (its window): the cancellation terms the booking card showed.
  rates: async (id) => cachedOnly().rates(id, calendarRatesWindow(today()))?.data,
  locations: async () => cachedOnly().locations()?.data,
};

/** Through the cache: what it holds costs nothing, what it lacks is asked of the upstream; a failure is none. */
const data = <T>(answer: Promise<Answer<T>>) => answer.then((a) => a.data).catch(() => undefined);
const throughCache: Reader = {
  property: (id) => data(catalogReads.property(id)),
  images: (id) => data(catalogReads.images(id)),
  quote: (id, stay) => data(catalogReads.quote(id, stay)),
  rates: (id) => data(catalogReads.rates(id, calendarRatesWindow(today()))),
  locations: () => data(catalogReads.locations()),
};

/** The answers an inquiry's decoration needs (a rental's three, or the location catalog), and whether one is missing. */
async function partsOf(request: InquiryRequest, read: Reader): Promise<{ parts: Parts; missing: boolean }> {
  const id = request.property_id;
  if (id) {
    const [property, images, quote, rates] = await Promise.all([
      read.property(id),
      read.images(id),
      read.quote(id, quoteStay(request.stay)),
      read.rates(id),
    ]);
    return {
      parts: { property, images, quote, rates },
      missing: [property, images, quote, rates].includes(undefined),
    };
  }
  if (!request.destination?.id) return { parts: {}, missing: false };
  const locations = await read.locations();
  return { parts: { locations }, missing: locations === undefined };
}

function shownOf(request: InquiryRequest, parts: Parts): LeadShown | null {
  const infants = infantsIn(request.message);
  const shown = shownWithoutParty(request, parts);
  return shown && infants > 0 ? { ...shown, infants } : shown;
}

function shownWithoutParty(request: InquiryRequest, parts: Parts): LeadShown | null {
  if (!request.property_id) {
    const place = request.destination?.id;
    if (!place) return null;
    const found = parts.locations?.locations.find((l) => l.id === place);
    return {
      destination: found ? { name: found.name, path: found.path } : null,
      property: null,
      quote: null,
    };
  }
  const { property, quote, rates } = parts;
  const cover = parts.images?.images[0];
  // The terms of the rates the quote used (its bedrooms priced), as the booking card said them.
  const cancellation =
    quote && rates
      ? cancellationTerms(rates, {
          checkin: quote.stay.checkin,
          checkout: quote.stay.checkout,
          bedrooms: quote.stay.bedrooms,
        })
      : [];
  return {
    ...(cancellation.length > 0 ? { cancellation } : {}),
    property: property
      ? {
          name: property.name,
          photo: cover ? { url: cover.url, caption: cover.caption } : null,
          bedrooms: property.bedrooms,
        }
      : null,
    quote: quote
      ? {
          currency: quote.currency.code,
          total: quote.totals.total,
          refundable_deposits: quote.totals.refundable_deposits,
          nights: quote.stay.nights,
          price_on_request: quote.price_on_request,
          accuracy: quote.accuracy,
          bedrooms: quote.stay.bedrooms ?? null,
        }
      : null,
  };
}

/**
 * The decoration from what the cache holds, asking nothing of the upstream; `complete` is false when an
 * answer it needs is not held (`withShownFilledIn` may read it once the upstream has the inquiry).
 */
export async function shownFromCache(
  request: InquiryRequest,
): Promise<{ shown: LeadShown | null; complete: boolean }> {
  const { parts, missing } = await partsOf(request, fromCache);
  return { shown: shownOf(request, parts), complete: !missing };
}

const FILL_IN_MS = 2000;

/**
 * The decoration read again through the cache, and kept with the lead. Called only once the upstream has the
 * inquiry; gives up after two seconds (the lead keeps what the cache gave): a confirmation without the
 * total is better than a traveller kept waiting.
 */
export async function withShownFilledIn(db: SiteDb, lead: Lead): Promise<Lead> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FILL_IN_MS);
  });
  const read = await Promise.race([partsOf(lead.request, throughCache), late]).finally(() =>
    clearTimeout(timer),
  );
  return read ? setShown(db, lead.id, shownOf(lead.request, read.parts)) : lead;
}

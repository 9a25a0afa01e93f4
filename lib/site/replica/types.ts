import type { Availability, TolerantPropertySummary } from '@/lib/contract';
import type { Period, PricedFee, Promotion, Rate } from '@/lib/rules';

/**
 * What the replica keeps of a property's detail (the content area, GET /properties/{id}) beside its summary,
 * for search's filters: absent until the detail is first fetched. Every such per-property field is added here.
 */
export interface ReplicaDetailFacts {
  /** The catalog's amenities by its own categories. */
  amenities?: { category: string; items: string[] }[];
  /** The owner's policies (children, pets, wheelchair_accessible, …): yes, no, on_request or null. */
  policies?: Record<string, string | null>;
  /** How many approved reviews stand behind `rating`. */
  review_count?: number;
}

/** A catalog item as the replica keeps it: the summary the catalog answered (additive fields kept) and its detail's facts. */
export type ReplicaSummary = TolerantPropertySummary & ReplicaDetailFacts;

/** A property's rate sheet in the shared pricing rules' shape (lib/rules), as the replica stores it. */
export interface ReplicaRates {
  currency: string;
  periods: Period[];
  defaultRate: Rate | null;
  fees: PricedFee[];
  taxRates: number[];
  /** Null when the upstream's rate sheet does not say (our extension; docs/decisions.md#promotions-and-price-on-request-in-the-rate-sheet-our-extension). */
  promotions: Promotion[] | null;
  priceOnRequest: boolean | null;
}

/** Booked ranges and the last day of the window they were fetched for. */
export interface ReplicaBooked {
  to: string;
  ranges: Pick<
    Availability['booked'][number],
    'checkin' | 'checkout' | 'checkin_full_day' | 'checkout_full_day'
  >[];
}

/** What a card says about the price; amounts in the property's own currency. */
export interface CardPrice {
  currency: string;
  /**
   * `stay`: the total of the dates searched (no figure when some nights have no published rate: accuracy
   * `incomplete`, with the words in `reason`); `from`: the lowest nightly rate of the coming 365 nights.
   */
  kind: 'stay' | 'from' | 'on_request' | 'unavailable';
  amount: number | null;
  nights: number | null;
  /** Per night, for the price filter: a stay's total over its nights, or the "from" rate. */
  nightly: number | null;
  accuracy: 'exact' | 'estimated' | 'incomplete' | null;
  /** Bedrooms the figure is for (the party's need or the bedrooms asked, at most the rental's); null without one. */
  bedrooms: number | null;
  /** Why there is no figure: for `unavailable`, why the stay cannot be had; for an `incomplete` stay, to ask an agent. */
  reason: string | null;
  /** The amount and the nightly figure in the display currency (null when it is the property's own). */
  converted: { currency: string; amount: number | null; nightly: number | null } | null;
}

/**
 * What a dated search left out although the rentals are free on its dates: stays the shared rules refuse
 * (lib/rules' ruleProblem, as the quote and the inquiry would), said once for the search.
 */
export interface Unbookable {
  /** Rentals whose minimum stay for the check-in is longer than the stay searched. */
  minStay: number;
  /** The shortest of those minimum stays, in nights (null when there are none). */
  shortest: number | null;
  /** Rentals that sleep fewer than the party. */
  tooSmall: number;
}

/** One choice of a filter and how many results choosing it would leave. */
export interface FacetChoice {
  value: string;
  label: string;
  count: number;
}

/**
 * The search's filters with their counts (each group counted with every other group's choices applied, as
 * choosing would leave) and a histogram of nightly prices over the results, in the display currency.
 */
export interface Facets {
  types: FacetChoice[];
  amenities: (FacetChoice & { category: string })[];
  bathrooms: FacetChoice[];
  rating: FacetChoice[];
  policies: FacetChoice[];
  /**
   * Nightly prices of the results (every filter but the price range applied), `bins` of `step` from `min`;
   * `sampled` when drawn from an even sample of a large answer's results rather than every one.
   */
  histogram: { currency: string; min: number; step: number; bins: number[]; sampled: boolean } | null;
}

/** A flexible search's stay of one rental (its cheapest): what its card is priced for and links to. */
export interface CardStay {
  checkin: string;
  checkout: string;
}

/** A result on the map: where it is, its name, its card's price when the search priced it, a flexible stay. */
export interface MapPoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  price: CardPrice | null;
  stay?: CardStay;
}

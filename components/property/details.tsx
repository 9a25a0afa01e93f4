import { PropertyMap } from '@/components/map/property-map-loader';
import type { PropertyDetail, RateSheet } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { safeHtml } from '@/lib/site/html';
import {
  AmenityGroups,
  newestFirst,
  REVIEWS_SHOWN,
  ReviewList,
  ROOMS_SHOWN,
  RoomLists,
  splitAmenities,
} from './detail-lists';
import { AboutNote } from './display-money';
import { money } from './format';
import { ShowRest } from './long-lists';
import { RATE_COLUMNS, RateRow, SeasonRows, seasonsToCome } from './rate-rows';
import { words } from './words';

/*
 * The property's content as the API gives it, one section per component so the page can order them like a
 * listing page; HTML fields sanitised before rendering; the API's codes turned into words. Long lists send
 * their first view and load the rest when asked (detail-lists.tsx, rate-rows.tsx, long-lists.tsx).
 */

const POLICY_LABEL: Record<string, string> = {
  children: 'Children',
  pets: 'Pets',
  smoking: 'Smoking',
  events: 'Events',
  seniors: 'Seniors',
  wheelchair_accessible: 'Wheelchair accessible',
  long_term: 'Long stays',
};
const POLICY_VALUE: Record<string, string> = { yes: 'Yes', no: 'No', on_request: 'On request' };
/**
 * A section of the page. `later`: a long one below the calendar, whose content is laid out as it comes near
 * the screen (globals.css `.later-on-page`). Not one above the calendar: "Choose dates" scrolls to it, and a
 * part taking its real height on the way would move the calendar from where the scroll was aimed.
 */
function Section({
  id,
  title,
  later = false,
  children,
}: {
  id: string;
  title: string;
  later?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-t border-sand-200 pt-6">
      <h2 id={id} className="text-xl font-semibold text-ink-900">
        {title}
      </h2>
      {/* A later part reaches 0.5rem past its content on every side (the margins take it back: the content
          sits where it would), so its buttons' focus rings fit inside its paint clip in every browser. */}
      <div className={later ? 'later-on-page -mx-2 mt-1 -mb-2 p-2 text-ink-700' : 'mt-3 text-ink-700'}>
        {children}
      </div>
    </section>
  );
}

export function Html({ html }: { html: string | null | undefined }) {
  const clean = safeHtml(html);
  if (!clean) return null;
  // Sanitised by safeHtml (sanitize-html allow-list): no scripts, event attributes or styles survive.
  return (
    <div
      className="prose-sm space-y-2 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the API's HTML is sanitised just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

const NOTABLE = [
  'Private pool',
  'Heated pool',
  'Hot tub',
  'Sauna',
  'Gym',
  'Steam room',
  'Daily housekeeping',
  'Private chef on request',
  'Concierge',
  'Air conditioning',
];

/** A few things that set this rental apart, from what the API says (it has no highlights of its own). */
function highlightsOf(p: PropertyDetail): string[] {
  const out: string[] = [];
  if (p.rating !== null && p.reviews.length > 0)
    out.push(`Rated ${p.rating.toFixed(1)} out of 5 by ${plural(p.reviews.length, 'guest')}`);
  const items = new Set(p.amenities.flatMap((g) => g.items));
  out.push(...NOTABLE.filter((n) => items.has(n)).slice(0, 3));
  if (p.staff.length > 0) out.push(`Staff: ${p.staff.join(', ').toLowerCase()}`);
  if (p.policies.pets === 'yes') out.push('Pets welcome');
  if (p.policies.children === 'yes') out.push('Good for children');
  if (p.policies.wheelchair_accessible === 'yes') out.push('Wheelchair accessible');
  return out.slice(0, 6);
}

export function About({ p }: { p: PropertyDetail }) {
  if (!p.description) return null;
  return (
    <Section id="about" title="About this rental">
      <Html html={p.description} />
    </Section>
  );
}

export function Highlights({ p }: { p: PropertyDetail }) {
  const list = highlightsOf(p);
  if (list.length === 0) return null;
  return (
    <Section id="highlights" title="Highlights">
      <ul className="grid gap-2 text-sm sm:grid-cols-2">
        {list.map((h) => (
          <li key={h} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-700">
              ✓
            </span>
            {h}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Amenities({ p }: { p: PropertyDetail }) {
  if (p.amenities.length === 0 && !p.amenity_notes) return null;
  const { shown, rest } = splitAmenities(p.amenities);
  const total = p.amenities.reduce((sum, g) => sum + g.items.length, 0);
  return (
    <Section id="amenities" title="Amenities">
      <AmenityGroups groups={shown} />
      {rest.length > 0 && (
        <ShowRest
          rest={{ list: 'amenities', propertyId: p.id }}
          show={`Show all ${total} amenities`}
          hide="Show fewer amenities"
        />
      )}
      <div className="mt-3 text-sm">
        <Html html={p.amenity_notes} />
      </div>
    </Section>
  );
}

export function Rooms({ p }: { p: PropertyDetail }) {
  const { bedrooms, bathrooms } = p.rooms;
  const more = bedrooms.length > ROOMS_SHOWN || bathrooms.length > ROOMS_SHOWN;
  return (
    <Section id="rooms" title="Bedrooms and bathrooms">
      <RoomLists bedrooms={bedrooms.slice(0, ROOMS_SHOWN)} bathrooms={bathrooms.slice(0, ROOMS_SHOWN)} />
      {more && (
        <ShowRest
          rest={{ list: 'rooms', propertyId: p.id }}
          show={`Show all ${plural(bedrooms.length, 'bedroom')} and ${plural(bathrooms.length, 'bathroom')}`}
          hide="Show fewer rooms"
        />
      )}
      {(p.rooms.bedroom_notes || p.rooms.bathroom_notes) && (
        <p className="mt-3 text-sm">
          {[p.rooms.bedroom_notes, p.rooms.bathroom_notes].filter(Boolean).join(' ')}
        </p>
      )}
    </Section>
  );
}

export function Policies({ p }: { p: PropertyDetail }) {
  return (
    <Section id="policies" title="Policies and arrival" later>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {Object.entries(p.policies).map(([key, value]) => (
          <div key={key} className="flex justify-between gap-2 border-b border-sand-100 py-1">
            <dt>{POLICY_LABEL[key] ?? words(key)}</dt>
            <dd className="font-medium text-ink-900">
              {value === null ? 'Not stated' : (POLICY_VALUE[value] ?? words(value))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm">
        Check-in from {p.arrival.checkin_time}, check-out by {p.arrival.checkout_time}. {p.arrival.notes}
      </p>
      {p.house_rules && (
        <>
          <h3 className="mt-3 font-semibold text-ink-900">House rules</h3>
          <Html html={p.house_rules} />
        </>
      )}
      {p.inclusions && (
        <>
          <h3 className="mt-3 font-semibold text-ink-900">Included</h3>
          <Html html={p.inclusions} />
        </>
      )}
    </Section>
  );
}

export function Location({ p }: { p: PropertyDetail }) {
  return (
    <Section id="location" title="Where you’ll be">
      <p className="text-sm font-medium text-ink-900">{p.location.path.join(', ')}</p>
      <div className="mt-2">
        <Html html={p.location_description} />
      </div>
      <PropertyMap name={p.name} latitude={p.latitude} longitude={p.longitude} locationId={p.location.id} />
    </Section>
  );
}

/**
 * The catalog's reviews, newest first: the rating and the count behind it ("★ 4.6 · 12 reviews", as the
 * cards say it), the first few, the rest loaded on demand.
 */
export function Reviews({ p }: { p: PropertyDetail }) {
  const reviews = newestFirst(p.reviews);
  const rest = reviews.length - REVIEWS_SHOWN;
  return (
    <Section id="reviews" title="Reviews" later>
      {reviews.length === 0 ? (
        <p className="text-sm">No reviews yet.</p>
      ) : (
        <>
          <p className="text-ink-900" data-testid="reviews-summary">
            {p.rating !== null && (
              <>
                <span aria-hidden="true">★ </span>
                <span className="sr-only">Rated </span>
                <span className="font-semibold">{p.rating.toFixed(1)}</span>
                <span className="sr-only"> out of 5</span>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
              </>
            )}
            {plural(reviews.length, 'review')}
          </p>
          <ReviewList reviews={reviews.slice(0, REVIEWS_SHOWN)} />
          {rest > 0 && (
            <ShowRest
              rest={{ list: 'reviews', propertyId: p.id }}
              show={`Show ${plural(rest, 'more review')}`}
              hide="Show fewer reviews"
            />
          )}
        </>
      )}
    </Section>
  );
}

/** A fee as a traveller reads it: "Cleaning fee: €160 per stay", "Service charge: 8% of the rent". */
export function feeWords(fee: RateSheet['fees'][number], currency: string): string {
  if (fee.type === 'percent') return `${fee.amount}% of the rent`;
  const per = fee.type_text.replace(/,?\s*refundable$/i, '').trim();
  return `${money(fee.amount, currency)}${per ? ` ${per}` : ''}`;
}

/** The rates section when the catalog could not give the rate sheet just now. */
export function RatesUnavailable() {
  return (
    <Section id="rates" title="Rates">
      <p className="text-sm">Rates can’t be shown right now; an agent will quote your dates on request.</p>
    </Section>
  );
}

/**
 * The rate sheet: the seasons still to come on `from` in date order (the first few drawn here, the rest in
 * the browser when asked, from the booking widget's copy of the rates: rate-rows.tsx), then the fees, taxes
 * and notes.
 */
export function RatesTable({ rates, from }: { rates: RateSheet; from: string }) {
  const currency = rates.currency.code;
  const { seasons, shown } = seasonsToCome(rates.rates, from);
  const charges = rates.fees.filter((f) => !f.refundable);
  const deposits = rates.fees.filter((f) => f.refundable);
  const head = (
    <>
      <caption className="sr-only">Seasonal rates by bedrooms, in {currency}</caption>
      <thead>
        <tr className="border-b border-sand-200 text-ink-900">
          {RATE_COLUMNS.map((h) => (
            <th
              key={h}
              scope="col"
              className={`py-2 pr-3 ${h === 'Weekly' || h === 'Monthly' ? 'hidden sm:table-cell' : ''}`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <SeasonRows seasons={seasons.slice(0, shown)} currency={currency} />
      </tbody>
    </>
  );
  const tail = rates.default_rate && (
    <tbody>
      <RateRow rate={rates.default_rate} currency={currency}>
        Other dates
      </RateRow>
    </tbody>
  );
  return (
    <Section id="rates" title="Rates" later>
      {seasons.length === 0 && !rates.default_rate ? (
        <p className="text-sm">No rates are published yet; an agent will quote on request.</p>
      ) : (
        // Weekly and monthly rates fold away on a phone, so the table fits without a sideways scroll.
        <div>
          {seasons.length > shown ? (
            <ShowRest
              rest={{ list: 'rates', from }}
              head={head}
              tail={tail}
              show={`Show all ${seasons.length + (rates.default_rate ? 1 : 0)} rates`}
              hide="Show fewer rates"
            />
          ) : (
            <table className="w-full text-left text-sm">
              {head}
              {tail}
            </table>
          )}
          <AboutNote currency={currency} className="mt-2 text-xs text-ink-700" />
        </div>
      )}
      {(rates.fees.length > 0 || rates.taxes.length > 0) && (
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {charges.length > 0 && (
            <div>
              <h3 className="font-semibold text-ink-900">Fees</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {charges.map((f) => (
                  <li key={f.name}>
                    {f.name}: {feeWords(f, currency)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {deposits.length > 0 && (
            <div>
              <h3 className="font-semibold text-ink-900">Refundable deposit</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {deposits.map((f) => (
                  <li key={f.name}>
                    {f.name}: {feeWords(f, currency)}, returned after your stay. {f.description}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {rates.taxes.length > 0 && (
            <div>
              <h3 className="font-semibold text-ink-900">Taxes</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {rates.taxes.map((t) => (
                  <li key={t.name}>
                    {t.name}: {t.rate}%
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <div className="mt-3 text-sm">
        <Html html={rates.notes} />
      </div>
    </Section>
  );
}

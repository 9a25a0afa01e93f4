import type { PropertyDetail, RateSheet } from '@/lib/contract';
import { plural } from '@/lib/site/browser';
import { safeHtml } from '@/lib/site/html';

/* The property's content as the API gives it: every section, HTML fields sanitised before rendering. */

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
const BED_LABEL: Record<string, string> = { sofa_bed: 'sofa bed', crib: 'crib', child: "child's bed" };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-sand-200 pt-6">
      <h2 id={id} className="text-xl font-semibold text-ink-900">
        {title}
      </h2>
      <div className="mt-3 text-ink-700">{children}</div>
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

export function PropertyDetails({ p }: { p: PropertyDetail }) {
  return (
    <div className="flex flex-col gap-6">
      {(p.description || p.amenity_notes) && (
        <Section id="about" title="About this rental">
          <Html html={p.description} />
        </Section>
      )}
      {p.amenities.length > 0 && (
        <Section id="amenities" title="Amenities">
          <div className="grid gap-4 sm:grid-cols-2">
            {p.amenities.map((group) => (
              <div key={group.category}>
                <h3 className="font-semibold text-ink-900">{group.category}</h3>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {group.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <div className="mt-3 text-sm">
            <Html html={p.amenity_notes} />
          </div>
        </Section>
      )}
      <Section id="rooms" title="Bedrooms and bathrooms">
        <div className="grid gap-4 sm:grid-cols-2">
          <ul className="space-y-2 text-sm">
            {p.rooms.bedrooms.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id in the API
              <li key={i}>
                <span className="font-medium text-ink-900">{b.name}</span> ({b.type}, sleeps {b.sleeps}):{' '}
                {Object.entries(b.beds)
                  .filter(([, n]) => n > 0)
                  .map(([kind, n]) => plural(n, BED_LABEL[kind] ?? kind))
                  .join(', ') || 'no beds listed'}
                {b.notes && <span className="block text-ink-700">{b.notes}</span>}
              </li>
            ))}
          </ul>
          <ul className="space-y-2 text-sm">
            {p.rooms.bathrooms.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rooms have no id in the API
              <li key={i}>
                <span className="font-medium text-ink-900">{b.name}</span> ({b.type}):{' '}
                {b.features.join(', ') || 'no features listed'}
                {b.notes && <span className="block text-ink-700">{b.notes}</span>}
              </li>
            ))}
          </ul>
        </div>
        {(p.rooms.bedroom_notes || p.rooms.bathroom_notes) && (
          <p className="mt-3 text-sm">
            {[p.rooms.bedroom_notes, p.rooms.bathroom_notes].filter(Boolean).join(' ')}
          </p>
        )}
      </Section>
      <Section id="policies" title="Policies and arrival">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {Object.entries(p.policies).map(([key, value]) => (
            <div key={key} className="flex justify-between gap-2 border-b border-sand-100 py-1">
              <dt>{POLICY_LABEL[key] ?? key.replaceAll('_', ' ')}</dt>
              <dd className="font-medium text-ink-900">
                {value === null ? 'Not stated' : (POLICY_VALUE[value] ?? value)}
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
        {p.staff.length > 0 && <p className="mt-3 text-sm">Staff: {p.staff.join(', ')}.</p>}
      </Section>
      {p.location_description && (
        <Section id="location" title="The location">
          <Html html={p.location_description} />
        </Section>
      )}
      <Section id="reviews" title={`Reviews (${p.reviews.length})`}>
        {p.reviews.length === 0 ? (
          <p className="text-sm">No reviews yet.</p>
        ) : (
          <ul className="space-y-4">
            {[...p.reviews]
              .sort((a, b) => b.date.localeCompare(a.date))
              .map((r) => (
                <li key={`${r.date}-${r.author}-${r.title}`}>
                  <p className="font-medium text-ink-900">
                    {r.title} <span className="text-sm font-normal">— {r.rating} out of 5</span>
                  </p>
                  <p className="text-sm">{r.text}</p>
                  <p className="text-xs text-ink-700">
                    {r.author}, <time dateTime={r.date}>{r.date}</time>
                  </p>
                </li>
              ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

type Rate = NonNullable<RateSheet['default_rate']>;

/** One row of the rates table: a season's (or the default) rate for a number of bedrooms. */
function RateRow({
  rate,
  money,
  children,
}: {
  rate: Rate;
  money: Intl.NumberFormat;
  children: React.ReactNode;
}) {
  const maybe = (v: number | null) => (v === null ? '—' : money.format(v));
  return (
    <tr className="border-b border-sand-100">
      <th scope="row" className="py-1 pr-3 font-normal">
        {children}
      </th>
      <td className="py-1 pr-3">{rate.rooms}</td>
      <td className="py-1 pr-3">{money.format(rate.nightly)}</td>
      <td className="py-1 pr-3">{maybe(rate.weekly)}</td>
      <td className="py-1 pr-3">{maybe(rate.monthly)}</td>
      <td className="py-1">{plural(rate.min_stay, 'night')}</td>
    </tr>
  );
}

export function RatesTable({ rates }: { rates: RateSheet }) {
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: rates.currency.code });
  const all = [...rates.rates].sort((a, b) => a.start_date.localeCompare(b.start_date) || a.rooms - b.rooms);
  return (
    <Section id="rates" title="Rates">
      {all.length === 0 && !rates.default_rate ? (
        <p className="text-sm">No rates are published yet; an agent will quote on request.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Seasonal rates by bedrooms, in {rates.currency.code}</caption>
            <thead>
              <tr className="border-b border-sand-200 text-ink-900">
                {['Season', 'Bedrooms', 'Nightly', 'Weekly', 'Monthly', 'Min. stay'].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {all.map((r) => (
                <RateRow key={r.id} rate={r} money={money}>
                  {r.name}{' '}
                  <span className="block text-xs">
                    {r.start_date} – {r.end_date}
                  </span>
                </RateRow>
              ))}
              {rates.default_rate && (
                <RateRow rate={rates.default_rate} money={money}>
                  Other dates
                </RateRow>
              )}
            </tbody>
          </table>
        </div>
      )}
      {(rates.fees.length > 0 || rates.taxes.length > 0) && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {rates.fees.length > 0 && (
            <div>
              <h3 className="font-semibold text-ink-900">Fees</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {rates.fees.map((f) => (
                  <li key={f.name}>
                    {f.name}: {f.type === 'percent' ? `${f.amount}%` : money.format(f.amount)} {f.type_text}
                    {f.refundable ? ' (refundable deposit)' : ''}
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

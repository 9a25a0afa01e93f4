import type { Metadata } from 'next';
import Script from 'next/script';
import { settings } from '@/lib/settings';
import { catalogReads } from '@/lib/site/catalog-reads';

export const metadata: Metadata = {
  title: 'Embed our rentals on your site',
  description:
    'Snippets, a live preview, the events and the settings of our embeddable property and search pages.',
  alternates: { canonical: '/partners' },
};

function Code({ children }: { children: string }) {
  return (
    <pre className="overflow-x-auto rounded-xl bg-ink-900 p-4 text-sm text-sand-50">
      <code>{children}</code>
    </pre>
  );
}

const EVENTS: [string, string][] = [
  ['rental:ready', 'The embedded page has loaded. detail: { path }'],
  ['rental:resize', 'The frame took its content’s height. detail: { height } (pixels)'],
  [
    'rental:quote',
    'A price was shown. detail: { property_id, checkin, checkout, currency, total_payable, price_on_request }',
  ],
  ['rental:inquiry-submitted', 'An inquiry was accepted. detail: { inquiry_id, reference, status, test }'],
];

export default async function PartnersPage() {
  const { siteUrl } = settings();
  let example = 1;
  try {
    example = (await catalogReads.catalogPage({ per_page: 1 })).data.properties[0]?.id ?? 1;
  } catch {
    // The guide still reads well without a live example id.
  }
  const property = `<div data-rental-embed="property" data-property-id="${example}"\n     data-checkin="2027-06-12" data-checkout="2027-06-19" data-guests="4"\n     data-reference="YOUR-REF"></div>\n<script src="${siteUrl}/embed.js" async></script>`;
  const search = `<div data-rental-embed="search" data-location="12" data-open="site"></div>\n<script src="${siteUrl}/embed.js" async></script>`;
  const listen = `document.querySelector('[data-rental-embed]')\n  .addEventListener('rental:inquiry-submitted', (event) => {\n    console.log('Inquiry', event.detail.inquiry_id, 'reference', event.detail.reference);\n  });`;
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-ink-900">Embed our rentals on your site</h1>
        <p className="mt-2 text-ink-700">
          One element and one script tag. The frame sizes itself to its content (no inner scrollbar), shows
          the test-mode banner while your key is a test key, and tells your page what the traveller did. No
          cookies are needed.
        </p>
      </header>
      <section aria-labelledby="p-property">
        <h2 id="p-property" className="text-xl font-semibold text-ink-900">
          A property: photos, facts, calendar, price, inquiry
        </h2>
        <p className="my-2 text-ink-700">
          All data attributes but the id are optional: dates and party prefill the calendar, quote and form;
          the reference prefills the advisor’s reference.
        </p>
        <Code>{property}</Code>
      </section>
      <section aria-labelledby="p-search">
        <h2 id="p-search" className="text-xl font-semibold text-ink-900">
          Search and results
        </h2>
        <p className="my-2 text-ink-700">
          <code>data-open="site"</code> opens a result on our full site in a new tab; without it the result
          opens inside the frame.
        </p>
        <Code>{search}</Code>
      </section>
      <section aria-labelledby="p-events">
        <h2 id="p-events" className="text-xl font-semibold text-ink-900">
          Events
        </h2>
        <p className="my-2 text-ink-700">
          DOM events on the element you placed, bubbling. They come from our frame with a checked origin: the
          frame posts only to your page’s origin, and the loader accepts only our origin and our frames.
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-sand-200">
              <th scope="col" className="py-2 pr-4">
                Event
              </th>
              <th scope="col" className="py-2">
                When, and its detail
              </th>
            </tr>
          </thead>
          <tbody>
            {EVENTS.map(([name, text]) => (
              <tr key={name} className="border-b border-sand-100">
                <th scope="row" className="py-2 pr-4 font-mono font-normal">
                  {name}
                </th>
                <td className="py-2">{text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-3">
          <Code>{listen}</Code>
        </div>
      </section>
      <section aria-labelledby="p-settings">
        <h2 id="p-settings" className="text-xl font-semibold text-ink-900">
          Settings on our side
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-700">
          <li>
            <code>EMBED_ALLOWED_ORIGINS</code>: the origins allowed to frame <code>/embed/*</code>{' '}
            (comma-separated, e.g.
            <code> https://partner.example</code>). Ask us to add yours; other pages of this site cannot be
            framed at all.
          </li>
          <li>Events are posted only to an origin on that list.</li>
        </ul>
      </section>
      <section aria-labelledby="p-preview">
        <h2 id="p-preview" className="text-xl font-semibold text-ink-900">
          Live preview
        </h2>
        <div
          className="mt-3 rounded-2xl ring-1 ring-sand-200"
          data-rental-embed="property"
          data-property-id={example}
          data-title="Preview of the property embed"
        />
        <Script src="/embed.js" strategy="lazyOnload" />
      </section>
    </div>
  );
}

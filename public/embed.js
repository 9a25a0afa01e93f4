/*! Rental embeds. Put <div data-rental-embed="property" data-property-id="123"></div> (or
 * data-rental-embed="search") and <script src="https://THIS-SITE/embed.js" async></script> on a page.
 * Optional: data-checkin, data-checkout (YYYY-MM-DD), data-guests, data-adults, data-children, data-bedrooms,
 * data-reference, data-location, data-open="site" (search results open the full site), data-title.
 * The frame sizes itself to its content. Events on the div (bubbling CustomEvents): rental:ready,
 * rental:quote, rental:inquiry-submitted (detail: inquiry_id, reference, status, test), rental:resize.
 */
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const frames = [];
  const options = [
    'checkin',
    'checkout',
    'guests',
    'adults',
    'children',
    'bedrooms',
    'reference',
    'location',
    'open',
  ];

  const mount = (el) => {
    if (el.getAttribute('data-rental-mounted')) return;
    el.setAttribute('data-rental-mounted', '1');
    const kind = el.getAttribute('data-rental-embed');
    const query = new URLSearchParams({ host: location.origin });
    for (const name of options) {
      const value = el.getAttribute(`data-${name}`);
      if (value) query.set(name, value);
    }
    const path =
      kind === 'search'
        ? '/embed/search'
        : `/embed/properties/${encodeURIComponent(el.getAttribute('data-property-id') || '0')}`;
    const frame = document.createElement('iframe');
    frame.src = `${origin}${path}?${query}`;
    frame.title =
      el.getAttribute('data-title') || (kind === 'search' ? 'Search rentals' : 'Rental and booking');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'display:block;width:100%;height:600px;border:0;overflow:hidden';
    el.appendChild(frame);
    frames.push({ el, frame });
  };

  // Only messages from our origin, from one of our frames, in our shape.
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== origin || !data || data.source !== 'rental-embed') return;
    for (const { el, frame } of frames) {
      if (frame.contentWindow !== event.source) continue;
      const detail = data.detail || {};
      if (data.type === 'resize' && detail.height > 0) frame.style.height = `${Math.ceil(detail.height)}px`;
      el.dispatchEvent(new CustomEvent(`rental:${data.type}`, { detail, bubbles: true }));
    }
  });

  const scan = () => {
    for (const el of document.querySelectorAll('[data-rental-embed]')) mount(el);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
  window.RentalEmbed = { scan };
})();

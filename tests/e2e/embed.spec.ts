import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { pickStay } from './stays';
import {
  browserDay,
  catalogApi,
  expect,
  expectAccessible,
  PARTNER_ALLOWED_PORT,
  PARTNER_REFUSED_PORT,
  TEST_SITE,
  test,
} from './support';

/*
 * Embeds on a partner's page: the page is served by the test from a second origin on 127.0.0.1 (on
 * EMBED_ALLOWED_ORIGINS) and a third (not on it).
 */

const ALLOWED = `http://127.0.0.1:${PARTNER_ALLOWED_PORT}`;
const REFUSED = `http://127.0.0.1:${PARTNER_REFUSED_PORT}`;
let body = '';
const servers: Server[] = [];

test.beforeAll(async () => {
  for (const port of [PARTNER_ALLOWED_PORT, PARTNER_REFUSED_PORT]) {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    servers.push(server);
  }
});
test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A partner's page with one embed; it records the events the embed raises on it. */
function partnerPage(embed: string) {
  return `<!doctype html><html lang="en"><head><title>Partner</title></head><body>
<h1>Our villas</h1>
${embed}
<p id="after">Below the embed</p>
<script>
  window.events = [];
  for (const type of ['ready', 'quote', 'inquiry-submitted', 'resize'])
    document.addEventListener('rental:' + type, (e) => window.events.push({ type, detail: e.detail }));
</script>
<script src="${TEST_SITE}/embed.js" async></script>
</body></html>`;
}

const events = (page: Page, type: string) =>
  page.evaluate((t) => (window as any).events.filter((e: any) => e.type === t), type);

const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first check-in from `days` ahead with seven free nights, no full-day rule and no longer minimum stay in the way. */
async function freeWeek(page: Page, id: number, days: number): Promise<string> {
  const { booked } = await catalogApi(`/properties/${id}/availability`);
  const rates = await catalogApi(`/properties/${id}/rates`);
  const minStay = (d: string) =>
    rates.rates
      .filter((r: any) => r.start_date <= d && d <= r.end_date && r.rooms >= 2)
      .sort((a: any, b: any) => a.rooms - b.rooms)[0]?.min_stay ??
    rates.default_rate?.min_stay ??
    99;
  const night = (d: string) => booked.some((r: any) => r.checkin <= d && d < r.checkout);
  const blocked = (d: string) =>
    minStay(d) > 7 ||
    [0, 1, 2, 3, 4, 5, 6].some((n) => night(addDays(d, n))) ||
    booked.some(
      (r: any) =>
        (r.checkout === d && r.checkout_full_day) || (r.checkin === addDays(d, 7) && r.checkin_full_day),
    );
  let start = await browserDay(page, days);
  for (let i = 0; i < 300 && blocked(start); i++) start = addDays(start, 1);
  return start;
}

async function frameHeight(page: Page) {
  return page.locator('iframe').evaluate((f) => f.getBoundingClientRect().height);
}

test('a partner embeds a property: it sizes itself, reports quotes, and an inquiry sent inside raises an event', async ({
  page,
}) => {
  const { properties } = await catalogApi('/properties?per_page=5');
  const id = properties[0].id;
  body = partnerPage(
    `<div data-rental-embed="property" data-property-id="${id}" data-reference="PARTNER-77"></div>`,
  );
  await page.goto(ALLOWED);
  await expect.poll(async () => (await events(page, 'ready')).length).toBe(1);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(properties[0].name);
  await expect(frame.getByRole('note', { name: 'Test mode' })).toBeVisible();

  // The frame is exactly as tall as its content: no inner scrollbar.
  const inner = page.frames().find((f) => f.url().startsWith(`${TEST_SITE}/embed/`))!;
  const fits = async () => {
    const [outer, content] = [
      await frameHeight(page),
      await inner.evaluate(() => document.body.getBoundingClientRect().height),
    ];
    return Math.abs(outer - Math.ceil(content)) <= 1;
  };
  await expect.poll(fits).toBe(true);
  expect(await inner.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(
    true,
  );

  // The traveller picks a stay in the frame's calendar; the inquiry opens in the page, holding it.
  const start = await freeWeek(page, id, 60);
  const calendar = frame.getByRole('region', { name: 'Availability' });
  await pickStay(calendar, start, addDays(start, 7));
  await expect.poll(async () => (await events(page, 'quote')).length).toBeGreaterThan(0);
  const card = frame.getByRole('region', { name: 'Your stay' });
  await card.getByRole('button', { name: 'Send an inquiry' }).click();
  const inquiry = frame.getByRole('region', { name: 'Send an inquiry' });
  await expect(inquiry.getByTestId('inquiry-stay')).toContainText('7 nights');
  await expect(inquiry.getByRole('button', { name: 'Send the inquiry' })).toBeVisible();
  await expect.poll(fits).toBe(true);
  // Grows when content appears (every rule of the form explained), shrinks when it goes.
  const before = await frameHeight(page);
  await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();
  await expect(inquiry.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  await expect.poll(() => frameHeight(page)).toBeGreaterThan(before + 40);
  await expect.poll(fits).toBe(true);
  const grown = await frameHeight(page);
  await inquiry.getByLabel('First name').fill('Ana');
  await inquiry.getByLabel('Last name').fill('Partner');
  await inquiry.getByLabel('Email').fill('ana@example.com');
  await inquiry.getByLabel('Email').blur();
  await expect.poll(() => frameHeight(page)).toBeLessThan(grown);
  await expect.poll(fits).toBe(true);

  await expect(inquiry.getByLabel('Your reference (optional)')).toHaveValue('PARTNER-77');
  await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();

  await expect.poll(async () => (await events(page, 'inquiry-submitted')).length).toBe(1);
  const [sent] = await events(page, 'inquiry-submitted');
  expect(sent.detail).toMatchObject({ reference: 'PARTNER-77', status: 'sent', test: true });
  expect(sent.detail.inquiry_id).toBeGreaterThanOrEqual(900_000_000);
  await expect(frame.getByText('Your agent')).toBeVisible();
  await expect(frame.getByRole('region', { name: 'Your inquiry' })).toContainText('7 nights');
  await expect(frame.getByRole('link', { name: 'Back to the rental' })).toHaveAttribute(
    'href',
    new RegExp(`^/embed/properties/${id}\\?host=.*checkin=${start}`),
  );
  await expect.poll(fits).toBe(true);
});

test('a quote picked in the embedded calendar is reported to the partner page', async ({ page }) => {
  const { properties } = await catalogApi('/properties?per_page=5');
  const id = properties[1].id;
  const checkin = await freeWeek(page, id, 90);
  const checkout = addDays(checkin, 7);
  body = partnerPage(
    `<div data-rental-embed="property" data-property-id="${id}" data-checkin="${checkin}" data-checkout="${checkout}" data-guests="3"></div>`,
  );
  await page.goto(ALLOWED);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  // Prefilled from the partner's attributes: the party, the dates and the price at once.
  await expect(frame.getByRole('group', { name: 'Adults' }).getByRole('status')).toHaveText('3');
  await expect(frame.getByTestId('quote-total')).toBeVisible();
  await expect.poll(async () => (await events(page, 'quote')).length).toBeGreaterThan(0);
  const [first] = await events(page, 'quote');
  expect(first.detail).toMatchObject({ property_id: id, checkin, checkout });
});

test('a search embed opens results inside the frame', async ({ page }) => {
  body = partnerPage('<div data-rental-embed="search" data-guests="2"></div>');
  await page.goto(ALLOWED);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('status').filter({ hasText: 'rentals' })).toBeVisible();
  await frame.getByRole('article').first().getByRole('link').click();
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  const inner = page.frames().find((f) => f.url().includes('/embed/properties/'));
  expect(inner?.url()).toContain(`host=${encodeURIComponent(ALLOWED)}`);
});

test('a partner that is not on the list cannot frame the embed', async ({ page, pageErrors }) => {
  const { properties } = await catalogApi('/properties?per_page=1');
  body = partnerPage(`<div data-rental-embed="property" data-property-id="${properties[0].id}"></div>`);
  await page.goto(REFUSED);
  await page.waitForTimeout(2500);
  expect(await events(page, 'ready')).toEqual([]);
  const inner = page.frames().find((f) => f.url().startsWith(`${TEST_SITE}/embed/`));
  const shown = inner
    ? await inner
        .locator('h1')
        .count()
        .catch(() => 0)
    : 0;
  expect(shown).toBe(0);
  const refused = pageErrors.filter((e) => /frame-ancestors|Refused to frame/i.test(e));
  expect(refused.length).toBeGreaterThan(0);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !refused.includes(e)));
});

test('the site’s other pages refuse every frame, the embeds name their partners', async ({
  page,
  request,
  pageErrors,
}) => {
  for (const path of ['/', '/search', '/partners']) {
    const res = await request.get(`${TEST_SITE}${path}`);
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-frame-options']).toBe('DENY');
  }
  const embed = await request.get(`${TEST_SITE}/embed/search`);
  expect(embed.headers()['content-security-policy']).toContain(`; frame-ancestors 'self' ${ALLOWED}`);
  expect(embed.headers()['content-security-policy']).toContain("script-src 'self'");
  body = `<!doctype html><html lang="en"><head><title>Partner</title></head><body><iframe title="site" src="${TEST_SITE}/"></iframe></body></html>`;
  await page.goto(ALLOWED);
  await page.waitForTimeout(1500);
  const inner = page.frames().find((f) => f !== page.mainFrame());
  expect(
    await inner
      ?.locator('header')
      .count()
      .catch(() => 0),
  ).toBe(0);
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter((e) => !/frame-ancestors|Refused to frame|X-Frame-Options/i.test(e)),
  );
});

test('the partner guide shows snippets and a live preview', async ({ page }) => {
  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embed our rentals on your site');
  await expect(page.getByText('data-rental-embed="property"').first()).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'rental:inquiry-submitted' })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of the property embed"]');
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

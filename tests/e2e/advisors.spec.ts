import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { stayLine } from '../../components/property/format';
import { type AdvisorServers, SITE, startAdvisorServers } from './advisor-servers';
import { addDays, price } from './stays';
import { expect, expectAccessible, snap, test } from './support';

/*
 * Issue #27 as an advisor and then their client use it, at a desktop's width and a phone's: search → save
 * three rentals (two stays) → a proposal → the client's link in a fresh browser → the options' totals are
 * their property pages' → a rate edit in the catalog → both figures → choose → the inquiry holds the
 * option's stay and the advisor's reference → confirmation; the edit link says viewed and chosen.
 * Against a catalog and a site of its own (advisor-servers.ts), so the catalog can change mid-test.
 */

let servers: AdvisorServers;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  servers = await startAdvisorServers();
});
test.afterAll(async () => {
  await servers?.stop();
});

const utcDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Quote {
  totals: { total: number };
  currency: { code: string };
}
const quoteOf = async (
  id: number,
  s: { checkin: string; checkout: string; adults: number; children: number },
) =>
  (await (
    await fetch(
      `${SITE}/api/properties/${id}/quote?checkin=${s.checkin}&checkout=${s.checkout}&adults=${s.adults}&children=${s.children}`,
    )
  ).json()) as Quote;

/** Saves the first card of a search not saved yet; its property id. */
async function saveFrom(page: Page, query: string, skip: number[]): Promise<number> {
  await page.goto(`${SITE}/search?${query}`);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
    const id = Number(new URL(href, SITE).pathname.split('/').pop());
    if (skip.includes(id)) continue;
    if (!(await card.getByTestId('card-total').isVisible())) continue;
    const save = card.getByRole('button', { name: /to your shortlist$/ });
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(save).toHaveText('Saved');
    return id;
  }
  throw new Error('no priced card to save');
}

async function clientPage(browser: Browser, viewport: { width: number; height: number }, url: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, context, errors };
}

const optionNamed = (page: Page, n: number): Locator => page.getByTestId('proposal-option').nth(n);

for (const [width, height, device] of [
  [1366, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`advisor and client on a ${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('shortlist → proposal → the client’s live view → a rate edit → choose → chosen', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const offset = device === 'desktop' ? 0 : 21;
      const a = { checkin: utcDay(70 + offset), checkout: utcDay(77 + offset), adults: 2, children: 0 };
      const b = { checkin: utcDay(100 + offset), checkout: utcDay(105 + offset), adults: 2, children: 1 };

      // The advisor saves two rentals for one stay and a third for another.
      const first = await saveFrom(page, `checkin=${a.checkin}&checkout=${a.checkout}&adults=2`, []);
      await snap(page, 'adv-01-saved-from-results');
      const second = await saveFrom(page, `checkin=${a.checkin}&checkout=${a.checkout}&adults=2`, [first]);
      const third = await saveFrom(page, `checkin=${b.checkin}&checkout=${b.checkout}&adults=2&children=1`, [
        first,
        second,
      ]);
      await expect(page.getByRole('link', { name: /Shortlist\s*3 saved/ })).toBeVisible();

      // The shortlist: three rentals with their stays and prices; side by side.
      await page.getByRole('link', { name: /Shortlist/ }).click();
      await expect(page.getByRole('heading', { name: 'Your shortlist' })).toBeVisible();
      const saved = page.getByRole('article');
      await expect(saved).toHaveCount(3);
      const thirdQuote = await quoteOf(third, b);
      await expect(saved.nth(2).getByTestId('saved-total')).toHaveText(
        price(thirdQuote.totals.total, thirdQuote.currency.code),
      );
      await expect(saved.nth(2).getByTestId('saved-stay')).toHaveText(stayLine(b));
      // A rating says how many reviews stand behind it, as on the result cards (none: no stars at all).
      for (const text of await saved.allInnerTexts())
        if (text.includes('★')) expect(text).toMatch(/★ \d\.\d · \d+ reviews?/);
      await snap(page, 'adv-02-shortlist', { fullPage: true });
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Compare side by side' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snap(page, 'adv-03-compare');
      await expectAccessible(page);

      // The proposal: the advisor's details, a title, the client's name, a note typed with HTML.
      await page.getByRole('link', { name: 'Make a proposal for a client' }).click();
      const form = page.getByRole('form', { name: 'Proposal' });
      await expect(form.getByTestId('option-draft')).toHaveCount(3);
      await form.getByRole('button', { name: 'Send to my client' }).click();
      await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByRole('alert')).toContainText('Some details need correcting');
      await expect(form.getByText('Enter a title')).toBeVisible();
      await expect(form.getByLabel('Your name')).toHaveAccessibleDescription('Enter your name');
      await form.getByLabel('Your name').fill('Ada Advisor');
      // A corrected field says so at once; the others keep their problem until they are corrected too.
      await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'false');
      await expect(form.getByText('Enter a title')).toBeVisible();
      await form.getByLabel('Agency (optional)').fill('Far & Near Travel');
      await form.getByLabel('Your email').fill('ada@farnear.example');
      await form.getByLabel('Your phone (optional)').fill('+44 20 7946 0000');
      await form.getByLabel('Title').fill('Summer by the sea');
      await form.getByLabel('Client’s name').fill('Chris Client');
      await form
        .getByLabel('Note to your client (optional)')
        .fill('<b>Three</b> favourites.\nCall me any time.');
      await form.getByLabel('Your reference (optional)').fill(`ADA-${width}`);
      await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
      await snap(page, 'adv-04-proposal-form', { fullPage: true });
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Send to my client' }).click();

      // The edit link: sent, not opened; the client's link.
      await expect(page).toHaveURL(/\/proposals\/edit#[A-Za-z0-9_-]{32}$/);
      const editLink = page.url();
      await expect(page.getByTestId('proposal-state')).toHaveText('Sent, not opened yet');
      const share = await page.getByTestId('share-link').inputValue();
      expect(share).toMatch(/\/proposals\/[A-Za-z0-9_-]{32}$/);
      expect(share).not.toContain(editLink.split('#')[1]);
      await snap(page, 'adv-05-sent', { fullPage: true });
      await expectAccessible(page);

      // The client, in a browser of their own.
      const client = await clientPage(browser, { width, height }, share);
      const view = client.page;
      await expect(view.getByRole('heading', { level: 1 })).toHaveText('Summer by the sea');
      // The note is text: the advisor's tags are shown, never applied.
      await expect(view.getByText('<b>Three</b> favourites.')).toBeVisible();
      await expect(view.locator('.proposal-doc b')).toHaveCount(0);
      await expect(view.getByTestId('proposal-option')).toHaveCount(3);
      const stays = [a, a, b];
      const ids = [first, second, third];
      for (const [i, id] of ids.entries()) {
        const q = await quoteOf(id, stays[i]!);
        await expect(optionNamed(view, i).getByTestId('option-total')).toHaveText(
          price(q.totals.total, q.currency.code),
        );
        await expect(optionNamed(view, i).getByTestId('option-stay')).toHaveText(stayLine(stays[i]!));
      }
      // The options scroll sideways within their row, never the page.
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snap(view, 'client-01-proposal');
      await snap(view, 'client-01-proposal-full', { fullPage: true });
      await expectAccessible(view);

      // Each option's total is its property page's, for its stay.
      for (const [i, id] of ids.entries()) {
        const total = await optionNamed(view, i).getByTestId('option-total').innerText();
        const rental = await client.context.newPage();
        await rental.goto(
          await optionNamed(view, i)
            .getByRole('link', { name: /^See the rental/ })
            .getAttribute('href')
            .then((h) => `${SITE}${h}`),
        );
        if (device === 'desktop')
          await expect(
            rental.getByRole('complementary', { name: 'Booking' }).getByTestId('quote-total'),
          ).toHaveText(total);
        else
          await expect(
            rental.getByRole('button', { name: new RegExp(`^${total.replace(/[$.]/g, '\\$&')} total`) }),
          ).toBeVisible();
        await rental.close();
        expect(id).toBeGreaterThan(0);
      }

      // The print document, from the browser's own print.
      await view.emulateMedia({ media: 'print' });
      await expect(view.getByRole('banner')).toBeHidden();
      await expect(view.getByRole('link', { name: /^Choose this option/ }).first()).toBeHidden();
      await expect(view.getByTestId('proposal-option').first()).toBeVisible();
      if (device === 'desktop') {
        // Chromium's own print of the page, still under print media: the document a client saves or prints.
        const pdf = await view.pdf({ format: 'A4', printBackground: true });
        expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
        const dir = process.env.WALK_DIR;
        if (dir && existsSync('/usr/bin/pdftoppm')) {
          writeFileSync(`${dir}/client-02-print.pdf`, pdf);
          execFileSync('pdftoppm', [
            '-png',
            '-r',
            '60',
            `${dir}/client-02-print.pdf`,
            `${dir}/client-02-print`,
          ]);
        }
      }
      await view.emulateMedia({ media: 'screen' });

      // A rate edit in the catalog: the client's next view shows what it was and what it is.
      const sent = await optionNamed(view, 0).getByTestId('option-total').innerText();
      await servers.editRates(first, 1.1);
      const after = await quoteOf(first, a);
      const today = price(after.totals.total, after.currency.code);
      expect(today).not.toBe(sent);
      await view.reload();
      await expect(optionNamed(view, 0).getByTestId('option-total')).toHaveText(today);
      await expect(optionNamed(view, 0).getByTestId('option-moved')).toHaveText(
        `${sent} when sent · ${today} today`,
      );
      await optionNamed(view, 0).getByTestId('option-moved').scrollIntoViewIfNeeded();
      await snap(view, 'client-03-price-moved');
      await expectAccessible(view);

      // Choosing the second option: its inquiry, its stay, the advisor's reference in the message.
      const choose = optionNamed(view, 1).getByRole('link', { name: /^Choose this option/ });
      if (device === 'phone') await choose.scrollIntoViewIfNeeded();
      await choose.click();
      await expect(view.getByTestId('from-proposal')).toContainText(
        'Ada Advisor’s proposal “Summer by the sea”',
      );
      const inquiry = view.getByRole('dialog', { name: 'Send an inquiry' });
      await expect(inquiry.getByTestId('inquiry-stay')).toHaveText(stayLine(a));
      await expect(inquiry.getByTestId('inquiry-advisor')).toContainText(`reference ADA-${width}`);
      await expect(inquiry.getByLabel('Your reference (optional)')).toHaveValue(`ADA-${width}`);
      expect(view.url()).not.toMatch(/Ada|Chris|farnear/);
      await snap(view, 'client-04-inquiry');
      await expectAccessible(view);
      await inquiry.getByLabel('First name').fill('Chris');
      await inquiry.getByLabel('Last name').fill('Client');
      await inquiry.getByLabel('Email').fill('chris@example.com');
      await inquiry.getByRole('button', { name: 'Send the inquiry' }).click();
      await expect(view).toHaveURL(/\/inquiries\/ld_/);
      await expect(view.getByText('Your agent')).toBeVisible();
      await snap(view, 'client-05-confirmation');
      await expectAccessible(view);
      expect(client.errors).toEqual([]);
      await client.context.close();

      // Back at the edit link: viewed, and chosen (the second option).
      await page.goto(editLink);
      await page.reload();
      await expect(page.getByTestId('proposal-state')).toHaveText('Chosen');
      await expect(page.getByTestId('proposal-views')).toContainText(/^[2-9] times|^\d\d+ times/);
      await expect(page.getByTestId('proposal-chosen')).toContainText('Option 2');
      await snap(page, 'adv-06-chosen', { fullPage: true });
      await expectAccessible(page);
    });
  });
}

test('an unknown or altered proposal link is the site’s not-found page', async ({ page, pageErrors }) => {
  for (const token of ['A'.repeat(32), 'not-a-token']) {
    const res = await page.goto(`${SITE}/proposals/${token}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    await expectAccessible(page);
    // The browser reports the page's own 404 as a console error: that one is expected, nothing else is.
    const own = pageErrors.findIndex((e) => e.includes('404') && e.endsWith(`/proposals/${token}`));
    expect(own).toBeGreaterThanOrEqual(0);
    pageErrors.splice(own, 1);
  }
});

import { expect, expectAccessible, replicaReady, snap, test } from './support';

/*
 * The results' filters with counts (issue 29, item 1), at a laptop's width and a phone's: each choice says
 * how many rentals it leaves and choosing it leaves exactly that many; the apply button counts what the
 * fields as they stand find; the choices ride in the URL and come back with it; by keyboard; axe clean.
 */

const statusOf = (page: import('@playwright/test').Page) =>
  page.getByRole('status').filter({ hasText: /\d+ rentals?/ });
const totalIn = async (text: Promise<string | null>) => Number((await text)?.match(/(\d+) rentals?/)?.[1]);

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: filters with counts that match what they leave`, async ({ browser }) => {
    test.setTimeout(120_000);
    await replicaReady();
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/search');
    const filters = page.getByRole('form', { name: 'Filters' });
    const phone = viewport.width < 1024;
    if (phone) {
      // Folded behind one button on a phone, the results first.
      await expect(filters).toBeHidden();
      await page.getByRole('button', { name: 'Filters' }).click();
    }
    await expect(filters).toBeVisible();
    const all = await totalIn(statusOf(page).textContent());
    expect(all).toBeGreaterThan(20);

    // Property type: the counts add up to every rental (each has one type).
    const types = filters.getByRole('group', { name: 'Property type' });
    const typeBoxes = types.getByRole('checkbox');
    expect(await typeBoxes.count()).toBeGreaterThan(1);
    const typeCounts = await types
      .locator('li')
      .evaluateAll((lis) => lis.map((li) => Number(li.querySelector('[aria-hidden]')?.textContent)));
    expect(typeCounts.reduce((a, b) => a + b, 0)).toBe(all);

    // Amenities from the catalog's own categories, Wi-Fi among them; choose it by keyboard.
    const wifi = filters.getByRole('checkbox', { name: 'Wi-Fi' });
    await expect(wifi).toBeVisible();
    const wifiCount = Number(
      (await wifi.locator('xpath=..').textContent())?.match(/\((\d+) rentals\)/)?.[1] ?? Number.NaN,
    );
    expect(wifiCount).toBeGreaterThan(0);
    expect(wifiCount).toBeLessThanOrEqual(all);
    await wifi.focus();
    await page.keyboard.press('Space');
    await expect(wifi).toBeChecked();
    // The apply button counts what the fields as they stand find, before anything is applied.
    const apply = filters.getByRole('button', { name: /Update results/ });
    await expect(apply).toContainText(`${wifiCount} rental`);
    // On a phone the long form keeps the button and its count in view, at the bottom of the screen.
    if (phone) {
      const box = (await apply.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      expect(box.y).toBeGreaterThan(page.viewportSize()!.height / 2);
    }
    await snap(page, 'filters-chosen');
    await expectAccessible(page);
    await apply.click();
    await expect(page).toHaveURL(/amenities=wi-fi/);
    await expect(statusOf(page)).toContainText(`${wifiCount} rental`);

    // A second group narrows further, by its own count.
    if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
    const bathrooms = filters.getByRole('group', { name: 'Bathrooms' });
    const two = bathrooms.getByRole('radio', { name: '2+' });
    const twoCount = Number(
      (await two.locator('xpath=..').textContent())?.match(/\((\d+) rentals\)/)?.[1] ?? Number.NaN,
    );
    expect(twoCount).toBeLessThanOrEqual(wifiCount);
    await two.check();
    await expect(apply).toContainText(`${twoCount} rental`);
    await apply.click();
    await expect(page).toHaveURL(/bathrooms=2/);
    await expect(statusOf(page)).toContainText(`${twoCount} rental`);

    // The URL holds the choices: opened afresh, the same fields are chosen and the same count found.
    await page.reload();
    if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(filters.getByRole('checkbox', { name: 'Wi-Fi' })).toBeChecked();
    await expect(
      filters.getByRole('group', { name: 'Bathrooms' }).getByRole('radio', { name: '2+' }),
    ).toBeChecked();
    await expect(statusOf(page)).toContainText(`${twoCount} rental`);
    // The price histogram is drawn over the results, with its range said in words.
    await expect(filters.getByText(/Nightly prices of \d+ rentals, from/)).toBeAttached();
    await snap(page, 'filters-applied', { fullPage: true });
    await expectAccessible(page);
    await context.close();
  });
}

for (const width of [1366, 390])
  test(`at ${width} px: a flexible search, by the date field, to the rental with the same stay and total`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    await replicaReady();
    const context = await browser.newContext({ viewport: { width, height: width < 1024 ? 844 : 900 } });
    const page = await context.newPage();
    await page.goto('/search?adults=2');
    const filters = page.getByRole('form', { name: 'Filters' });
    if (width < 1024) await page.getByRole('button', { name: /^Filters/ }).click();
    await filters.getByRole('button', { name: /^Dates/ }).click();
    await page.getByRole('button', { name: 'Flexible' }).click();
    await page.getByText('A week', { exact: true }).click();
    // Two months ahead: rates are published and stays are free.
    const month = page.getByRole('checkbox').filter({ visible: true }).nth(2);
    await month.check({ force: true });
    await snap(page, 'flexible-panel');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(filters.getByRole('button', { name: /^Dates/ })).toContainText(/A week in \w{3}/);
    await filters.getByRole('button', { name: /Update results/ }).click();
    await expect(page).toHaveURL(/flex=week&months=\d{4}-\d{2}/);
    const months = new URL(page.url()).searchParams.get('months')!;

    // Cards sorted by their week's total, each showing its own dates, its link carrying them.
    const first = page.getByRole('article').first();
    await expect(first.getByTestId('card-stay')).toBeVisible();
    const total = (await first.getByTestId('card-total').textContent())?.trim() ?? '';
    expect(total).toMatch(/\d/);
    const href = (await first.getByRole('link').first().getAttribute('href')) ?? '';
    const stay = new URL(href, 'http://x.invalid').searchParams;
    const checkin = stay.get('checkin')!;
    const checkout = stay.get('checkout')!;
    expect(checkin.slice(0, 7)).toBe(months);
    expect((Date.parse(checkout) - Date.parse(checkin)) / 86_400_000).toBe(7);
    await snap(page, 'flexible-results');
    await expectAccessible(page);

    await first.getByRole('link').first().click();
    if (width >= 1024) {
      const card = page.getByRole('complementary', { name: 'Booking' });
      await expect(card.getByTestId('quote-total')).toHaveText(total);
    }
    // The bar at the bottom of a phone's screen: the same total, in reach without scrolling.
    else await expect(page.getByRole('button', { name: `${total} total`, exact: false })).toBeInViewport();
    await snap(page, 'flexible-property');
    await context.close();
  });

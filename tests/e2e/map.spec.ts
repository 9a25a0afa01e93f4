import type { Locator, Page } from '@playwright/test';
import { cardIds, expect, expectAccessible, replicaReady, snap, TEST_SITE, test } from './support';

/*
 * The results on a map and the property's map, as a traveller uses them (Chromium's software WebGL): the
 * map shows every result of the search, not only the list's page (the others link to their rentals), each
 * marker says its card's price, a group zooms in when pressed, "Search
 * this area" narrows the results and a reload keeps it, hovering a card lights its marker and back; on a
 * phone the map is full screen with the cards in a strip; the property page shows where the rental is.
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const STAY = `checkin=${day(40)}&checkout=${day(47)}&adults=2`;

type Summary = { id: number; latitude: number | null; longitude: number | null };

/** The country with the most rentals: its map has groups at the first view. */
let country = 0;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await replicaReady();
  const { locations } = await (await fetch(`${TEST_SITE}/api/locations`)).json();
  const countries = (locations as { id: number; path: string[]; property_count: number }[])
    .filter((l) => l.path.length === 2)
    .sort((a, b) => b.property_count - a.property_count);
  country = countries[0]!.id;
});

async function openMap(page: Page, url: string) {
  await page.goto(url);
  const map = page.getByTestId('results-map');
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-zoom', /\d/);
  return map;
}

/** Rentals on the map: each marker's id (the page's and the other results'), and every id inside a group. */
async function mapIds(page: Page): Promise<number[]> {
  const singles = await page
    .locator('[data-testid="price-marker"], [data-testid="point-marker"]')
    .evaluateAll((ms) => ms.map((m) => Number(m.getAttribute('data-id'))));
  const grouped = await page
    .getByTestId('cluster-marker')
    .evaluateAll((ms) => ms.flatMap((m) => (m.getAttribute('data-ids') ?? '').split(',').map(Number)));
  return [...singles, ...grouped].sort((a, b) => a - b);
}

/**
 * The search's results well inside the map's view (its box, `data-view`, less a fifth on each side), from
 * /api/search/points: a group stands where its rentals' centre is, so near the edges a rental may be drawn
 * in a group just outside or in one just inside; well inside, each must be on the map.
 */
async function resultsWellInView(page: Page, query: string): Promise<number[]> {
  const all = await (await fetch(`${TEST_SITE}/api/search/points?${query}`)).json();
  const v = (await page.getByTestId('results-map').getAttribute('data-view'))!.split(',').map(Number);
  const [west, south, east, north] = v as [number, number, number, number];
  const dy = (north - south) / 5;
  const dx = west <= east ? (east - west) / 5 : 0;
  return (all.points as Summary[])
    .filter(
      (p) =>
        p.latitude! >= south + dy &&
        p.latitude! <= north - dy &&
        (west <= east
          ? p.longitude! >= west + dx && p.longitude! <= east - dx
          : p.longitude! >= west || p.longitude! <= east),
    )
    .map((p) => p.id);
}

/** Whether the map holds every result well inside its view, and only results of the search. */
async function mapHoldsResults(page: Page, query: string, every: number[]): Promise<boolean> {
  const shown = new Set(await mapIds(page));
  const inView = await resultsWellInView(page, query);
  return [...shown].every((id) => every.includes(id)) && inView.every((id) => shown.has(id));
}

/** Every result of a search with a position, as /api/search/points gives them (the same count as the list). */
async function everyPlaced(query: string): Promise<number[]> {
  const [all, list] = await Promise.all([
    fetch(`${TEST_SITE}/api/search/points?${query}`).then((r) => r.json()),
    fetch(`${TEST_SITE}/api/search?${query}&per_page=1`).then((r) => r.json()),
  ]);
  expect(all.total).toBe(list.pagination.total);
  return (all.points as Summary[]).map((p) => p.id).sort((a, b) => a - b);
}

const zoomOf = async (map: Locator) => Number(await map.getAttribute('data-zoom'));
const count = async (page: Page) =>
  Number((await page.getByRole('status').first().textContent())?.match(/^(\d+)/)?.[1]);

test.describe('on a desktop (1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the map shows every result, each marker its card’s price, lit with its card', async ({ page }) => {
    const map = await openMap(page, `/destinations/${country}?${STAY}&map=1`);
    // Beside the list, not over it.
    const list = page.getByRole('article').first();
    await expect(list).toBeVisible();
    const listBox = (await list.boundingBox())!;
    const mapBox = (await map.boundingBox())!;
    expect(mapBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);

    const ids = await cardIds(page);
    const answer = await (
      await fetch(`${TEST_SITE}/api/search?location=${country}&${STAY}&per_page=12`)
    ).json();
    const placed = (answer.properties as Summary[])
      .filter((p) => p.latitude !== null && p.longitude !== null)
      .map((p) => p.id);
    expect(answer.properties.map((p: Summary) => p.id)).toEqual(ids);
    // Every result with a position, as many as the search finds: the page's among them.
    const every = await everyPlaced(`location=${country}&${STAY}`);
    for (const id of placed) expect(every).toContain(id);
    await expect.poll(() => mapIds(page)).toEqual(every);

    // Each rental's own marker against its card (into a group first if every rental is grouped).
    for (let i = 0; i < 6 && (await page.getByTestId('price-marker').count()) === 0; i++) {
      await page.getByTestId('cluster-marker').first().click();
      await page.waitForTimeout(600);
    }
    let compared = 0;
    for (const marker of await page.getByTestId('price-marker').all()) {
      const id = await marker.getAttribute('data-id');
      const card = page.locator(
        `section[aria-labelledby="results-heading"] li:has(a[href^="/properties/${id}?"])`,
      );
      const total = card.getByTestId('card-total');
      if ((await total.count()) === 0) continue; // no price for these dates: the marker shows a house
      await expect(marker).toHaveText((await total.textContent())!);
      await expect(marker).toHaveAccessibleName(/total for 7 nights$/);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);

    // A card under the pointer lights its marker; a marker under the pointer lights its card.
    const marker = page.getByTestId('price-marker').first();
    const id = await marker.getAttribute('data-id');
    const card = page.locator(
      `section[aria-labelledby="results-heading"] li:has(a[href^="/properties/${id}?"])`,
    );
    await card.hover();
    await expect(marker).toHaveAttribute('data-active', 'true');
    await page.mouse.move(0, 0);
    await expect(marker).not.toHaveAttribute('data-active', 'true');
    await marker.hover();
    await expect(card).toHaveAttribute('data-active', 'true');
    await expectAccessible(page);
  });

  test('the map shows every result of the search, not only the list’s page; the others link to theirs', async ({
    page,
  }) => {
    const map = await openMap(page, `/search?${STAY}&map=1`);
    const every = await everyPlaced(STAY);
    expect(every.length).toBeGreaterThan(12);
    // The markers hold every result in view (groups count theirs), far more than the page's 12.
    await expect
      .poll(async () => (await mapIds(page)).length > 12 && (await mapHoldsResults(page, STAY, every)), {
        timeout: 15_000,
      })
      .toBe(true);
    await snap(page, 'map-01-every-result');
    // Zoomed in until a result beyond the page stands alone: a link to its rental with the stay searched.
    // Each press goes into a group holding such a result, and waits for the map to stop (its markers are
    // drawn again when it does), so a slow machine's animation is never mistaken for the end.
    const onPage = new Set(await cardIds(page));
    for (let i = 0; i < 8 && (await page.getByTestId('point-marker').count()) === 0; i++) {
      const groups = page.getByTestId('cluster-marker');
      const beyond = await groups.evaluateAll(
        (ms, shown) =>
          ms.findIndex((m) =>
            (m.getAttribute('data-ids') ?? '').split(',').some((id) => !shown.includes(Number(id))),
          ),
        [...onPage],
      );
      expect(beyond, 'a group holding a result beyond the page').toBeGreaterThanOrEqual(0);
      const before = await zoomOf(map);
      await groups.nth(beyond).click();
      await expect.poll(() => zoomOf(map)).toBeGreaterThan(before);
      await expect.poll(async () => (await mapIds(page)).length).toBeGreaterThan(0);
    }
    // Still every result in the new view.
    await expect.poll(() => mapHoldsResults(page, STAY, every)).toBe(true);
    const point = page.getByTestId('point-marker').first();
    await expect(point).toHaveAttribute('href', new RegExp(`^/properties/\\d+\\?.*checkin=${day(40)}`));
    await expect(point).toHaveAccessibleName(/total for 7 nights$|price on its page$|price on request$/);
    await snap(page, 'map-02-zoomed');
    await expectAccessible(page);
    const id = await point.getAttribute('data-id');
    await point.click();
    await expect(page).toHaveURL(new RegExp(`/properties/${id}\\?`));
  });

  test('pressing a group zooms in on it', async ({ page }) => {
    const map = await openMap(page, `/destinations/${country}?${STAY}&map=1`);
    // Out until rentals group (a country's towns are close at a continent's scale).
    for (let i = 0; i < 8 && (await page.getByTestId('cluster-marker').count()) === 0; i++) {
      await page.getByRole('button', { name: 'Zoom out', exact: true }).click();
      await page.waitForTimeout(400);
    }
    const group = page.getByTestId('cluster-marker').first();
    const size = Number(await group.textContent());
    expect(size).toBeGreaterThan(1);
    await expect(group).toHaveAccessibleName(`${size} rentals here: zoom in`);
    const before = await zoomOf(map);
    await group.click();
    await expect.poll(() => zoomOf(map)).toBeGreaterThan(before);
  });

  test('“Search this area” narrows the results to the map, and a reload keeps it', async ({ page }) => {
    const map = await openMap(page, `/search?${STAY}&map=1`);
    await snap(page, '10-map');
    const all = await count(page);
    await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
    // Into a group of rentals: the view then holds them and only part of the world's rentals.
    for (let i = 0; i < 8 && (await page.getByTestId('cluster-marker').count()) === 0; i++) {
      await page.getByRole('button', { name: 'Zoom out', exact: true }).click();
      await page.waitForTimeout(400);
    }
    await page.getByTestId('cluster-marker').first().click();
    await page.getByRole('button', { name: 'Search this area' }).click();
    await expect(page).toHaveURL(/bounds=-?\d/);
    await expect(page.getByRole('status').first()).not.toHaveText(new RegExp(`^${all} rentals`));
    const narrowed = await count(page);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    await expect(page.getByTestId('area-note')).toContainText('Only rentals in the map’s area');
    await snap(page, '11-map-area');

    // Every rental found is inside the box the URL names.
    const bounds = new URL(page.url()).searchParams.get('bounds')!.split(',').map(Number);
    const [west, south, east, north] = bounds as [number, number, number, number];
    const found = await (
      await fetch(`${TEST_SITE}/api/search?${new URL(page.url()).searchParams}&per_page=200`)
    ).json();
    expect(found.pagination.total).toBe(narrowed);
    for (const p of found.properties as Summary[]) {
      expect(p.latitude!).toBeGreaterThanOrEqual(south);
      expect(p.latitude!).toBeLessThanOrEqual(north);
      if (west <= east) {
        expect(p.longitude!).toBeGreaterThanOrEqual(west);
        expect(p.longitude!).toBeLessThanOrEqual(east);
      }
    }

    const url = page.url();
    await page.reload();
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    expect(page.url()).toBe(url);
    expect(await count(page)).toBe(narrowed);
    await expect
      .poll(() => mapIds(page))
      .toEqual(await everyPlaced(new URL(page.url()).searchParams.toString()));

    // And back to everywhere.
    await page.getByRole('link', { name: 'Search everywhere' }).click();
    await expect(page).not.toHaveURL(/bounds=/);
    await expect(page.getByRole('status').first()).toHaveText(new RegExp(`^${all} rentals`));
  });

  test('“Show map” opens it beside the list and keeps the results; pages without it load no map code', async ({
    page,
  }) => {
    const maps: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/maps/')) maps.push(r.url());
    });
    await page.goto(`/search?${STAY}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(maps).toEqual([]);
    const ids = await cardIds(page);
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect(page).toHaveURL(/map=1/);
    await expect(page.getByTestId('results-map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect.poll(() => cardIds(page)).toEqual(ids);
    await page.getByRole('button', { name: 'Hide map' }).click();
    await expect(page.getByTestId('results-map')).toHaveCount(0);
    await expect(page).not.toHaveURL(/map=1/);
  });

  test('the property page shows where the rental is', async ({ page }) => {
    const answer = await (await fetch(`${TEST_SITE}/api/search?per_page=50`)).json();
    const rental = (answer.properties as (Summary & { name: string })[]).find((p) => p.latitude !== null)!;
    await page.goto(`/properties/${rental.id}`);
    await page.locator('#location').scrollIntoViewIfNeeded();
    const map = page.getByTestId('property-map');
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const marker = page.getByRole('img', { name: rental.name, exact: true });
    await expect(marker).toBeVisible();
    await snap(page, '12-property-map');
    // At the middle of the map.
    const m = (await marker.boundingBox())!;
    const b = (await map.boundingBox())!;
    expect(Math.abs(m.x + m.width / 2 - (b.x + b.width / 2))).toBeLessThan(4);
    expect(Math.abs(m.y + m.height / 2 - (b.y + b.height / 2))).toBeLessThan(4);
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the map fills the screen with the cards in a strip, and “Show list” goes back', async ({ page }) => {
    await page.goto(`/destinations/${country}?${STAY}`);
    const ids = await cardIds(page);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    const map = page.getByTestId('results-map');
    await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const box = (await map.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const strip = page.getByRole('list', { name: 'Rentals on the map' });
    await expect(strip.getByRole('article')).toHaveCount(ids.length);
    // The markers hold every result in view, the page's and the others'.
    const query = `location=${country}&${STAY}`;
    const every = await everyPlaced(query);
    await expect.poll(() => mapHoldsResults(page, query, every)).toBe(true);
    // Pressing a marker brings its card into the strip.
    const marker = page.getByTestId('price-marker').first();
    const id = await marker.getAttribute('data-id');
    await marker.click();
    const card = strip.locator(`li[data-id="${id}"]`);
    await expect(card).toBeInViewport({ ratio: 0.9 });
    await snap(page, '13-map-strip');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Show list' }).click();
    await expect(map).toHaveCount(0);
    await expect.poll(() => cardIds(page)).toEqual(ids);
  });
});

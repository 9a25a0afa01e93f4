import { addDays, dayButton, formReady } from './stays';
import { browserDay, expect, snap, test } from './support';

/*
 * A traveller whose inquiry's answer never came (the connection dropped after the site had it) presses Send
 * again: the form sends the same Idempotency-Key, and the confirmation is the lead the first press made,
 * not a second inquiry (docs/decisions.md#a-resent-inquiry-is-the-same-lead).
 */

test('an inquiry sent again after a lost answer is the same lead', async ({ page, pageErrors }) => {
  await page.goto('/inquire');
  await formReady(page);
  await page.getByLabel('Or describe it').fill('A farmhouse with a view');
  await page.getByRole('button', { name: /^Dates/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose check-in and check-out' });
  const day = await browserDay(page, 45);
  await (await dayButton(picker, day)).click();
  await (await dayButton(picker, addDays(day, 7))).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Resend');
  await page.getByLabel('Email').fill('lena.resend@example.com');

  // The first press reaches the site, which stores and sends the inquiry; its answer is lost on the way back.
  const keys: string[] = [];
  let first: { lead: { id: string } } | undefined;
  await page.route('**/api/inquiries', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    first = await response.json();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Send the request' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(
    'Please send it again: if your inquiry had already reached us, it will not be sent twice.',
  );
  await snap(page, 'resend-1-answer-lost', { fullPage: true });
  expect(first?.lead.id).toMatch(/^ld_/);

  // The second press goes through: the confirmation of the lead the first press made.
  await page.unroute('**/api/inquiries');
  page.on('request', (request) => {
    if (request.url().endsWith('/api/inquiries')) keys.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(new RegExp(`/inquiries/${first!.lead.id}$`));
  const kept = page.getByRole('region', { name: 'Your inquiry' });
  await expect(kept).toBeVisible();
  // No budget was given: none is shown (an empty budget once read "from undefined up to undefined").
  await expect(kept).not.toContainText('undefined');
  await snap(page, 'resend-2-same-lead', { fullPage: true });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  // The browser reports the dropped connection; nothing else may be reported.
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter((e) => !/ERR_CONNECTION_RESET|Failed to fetch/.test(e)),
  );
});

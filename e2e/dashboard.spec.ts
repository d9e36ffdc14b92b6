import type { APIRequestContext } from '@playwright/test';

import { apiLogin, appOrigin, expect, riverside, test } from './fixtures';
import { expectAccessible, notificationsGone, snapshot } from './support';

test.use({ actionTimeout: 15_000 });

interface Question {
  id: number;
  title: string;
}
interface Stats {
  tickets_sold: number;
  orders_completed: number;
  by_product: Array<{ name: string; sold: number }>;
}

async function stats(request: APIRequestContext, token: string, eventId: number): Promise<Stats> {
  const res = await request.get(`/api/events/${eventId}/stats`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Stats }).data;
}

/** A completed free order of two Lawn passes, through the public checkout API. */
async function orderTwoLawnPasses(request: APIRequestContext, eventId: number) {
  const event = await request.get(`/api/public/events/${eventId}`);
  const tickets = ((await event.json()) as { data: { tickets: Array<{ id: number; name: string }> } }).data.tickets;
  const lawn = tickets.find((t) => t.name === 'Lawn pass')!;
  const reserved = await request.post(`/api/public/events/${eventId}/order`, {
    data: { items: [{ ticket_id: lawn.id, quantity: 2 }], expected_total: 0 },
  });
  expect(reserved.status()).toBe(201);
  const {
    data: order,
    checkout_token,
    order_secret,
  } = (await reserved.json()) as {
    data: { short_id: string; attendees: Array<{ short_id: string }>; questions: Question[] };
    checkout_token: string;
    order_secret: string;
  };
  const question = (title: string) => order.questions.find((q) => q.title === title)!.id;
  const shirt = String(question('T-shirt size'));
  const heard = String(question('How did you hear about us?'));
  const details = await request.put(`/api/public/events/${eventId}/order/${order.short_id}/details`, {
    headers: { 'X-Checkout-Token': checkout_token, 'X-Order-Secret': order_secret },
    data: {
      first_name: 'Dana',
      last_name: 'Board',
      email: 'dana.board@example.test',
      attendees: order.attendees.map((a, i) => ({
        short_id: a.short_id,
        first_name: i ? 'Sam' : 'Dana',
        last_name: 'Board',
        email: 'dana.board@example.test',
        answers: { [shirt]: i ? 'L' : 'M' },
      })),
      answers: { [heard]: 'Friends' },
    },
  });
  expect(details.ok(), await details.text()).toBe(true);
  expect(((await details.json()) as { data: { status: string } }).data.status).toBe('COMPLETED');
  // A visit, so the conversion rate has something to divide by.
  await request.post(`/api/public/events/${eventId}/views`, { data: { visitor_id: `dashboard-${Date.now()}` } });
}

test('the event dashboard shows sales and visits; tickets and events with orders can be hidden or archived, not deleted', async ({
  organizerPage: page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token, headers } = await apiLogin(page.request);
  const event = await riverside(page.request, headers);
  const before = await stats(page.request, token, event.id);
  await orderTwoLawnPasses(page.request, event.id);

  // Any period (`?days=`).
  const statsUrl = new RegExp(`/api/events/${event.id}/stats(\\?|$)`);

  // Nothing sold yet (figures mocked): the empty state points to the public page.
  const none = {
    ...before,
    orders_completed: 0,
    orders_awaiting_payment: 0,
    tickets_sold: 0,
    tickets_reserved: 0,
    page_views: 0,
    unique_visitors: 0,
    conversion_rate: null,
  };
  await page.route(statsUrl, (route) => route.fulfill({ json: { data: { ...none, daily: [] } } }));
  await page.goto(`/manage/event/${event.id}`);
  const empty = page.getByTestId('no-sales');
  await expect(empty.getByText('No sales yet — share your event page')).toBeVisible();
  await expect(empty.getByTestId('public-link')).toHaveAttribute('href', `/event/${event.id}/${event.slug}`);
  await expect(page.getByTestId('chart-sales')).toHaveCount(0);
  await expectAccessible(page, 'event dashboard without sales');
  await snapshot(page, 'dashboard-empty');
  await page.unroute(statsUrl);

  // A failed load says so and can be retried.
  await page.route(
    statsUrl,
    (route) => route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Not found.' } } }),
    { times: 1 },
  );
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'The sales figures could not be loaded' });
  await expect(failed).toContainText('Not found.');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Riverside Open Air', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales and visits', level: 2 })).toBeVisible();
  await expect(page.getByTestId('stat-tickets-value')).toHaveText(String(before.tickets_sold + 2));
  await expect(page.getByTestId('stat-orders-value')).toHaveText(String(before.orders_completed + 1));
  await expect(page.getByTestId('stat-gross-value')).toContainText('£');
  await expect(page.getByTestId('stat-conversion-value')).toContainText('%');

  // Both charts draw, each with a heading, a text summary and a data table behind a toggle.
  const sales = page.getByTestId('chart-sales');
  await expect(sales.getByRole('heading', { name: 'Gross sales per day' })).toBeVisible();
  await expect(
    sales.getByRole('img', { name: /^Gross sales per day over the last 14 days\. Total: £\d+\.\d{2}\./ }),
  ).toBeVisible();
  await expect(sales.locator('svg.recharts-surface').first()).toBeVisible();
  const visits = page.getByTestId('chart-visits');
  await expect(
    visits.getByRole('img', {
      name: /^Page views and orders per day over the last 14 days\. Total page views: \d+; total orders: \d+\./,
    }),
  ).toBeVisible();
  await expect(visits.locator('.recharts-line').first()).toBeVisible();
  await visits.getByRole('button', { name: 'Show data table' }).click();
  const table = visits.getByRole('table', { name: 'Page views and orders per day' });
  await expect(table.getByRole('row')).toHaveCount(15);
  await expect(visits.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true');
  // Another period: the series is asked again for 30 days.
  await page.getByTestId('stats-period').getByText('30 days').click();
  await expect(sales.getByRole('img', { name: /^Gross sales per day over the last 30 days\./ })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(page.getByTestId('stat-gross')).toContainText('Refunded £0.00');

  // What each ticket sold, with its share as a bar and the totals.
  const byTicket = page.getByTestId('sales-by-ticket');
  const soldBefore = before.by_product.reduce((n, p) => n + p.sold, 0);
  const lawnBefore = before.by_product.find((p) => p.name === 'Lawn pass')!.sold;
  const lawn = byTicket
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Lawn pass', exact: true }) });
  await expect(lawn.getByRole('cell').nth(1)).toHaveText(String(lawnBefore + 2));
  await expect(lawn.getByRole('progressbar', { name: /^Lawn pass: \d+% of the tickets sold$/ })).toBeVisible();
  await expect(
    byTicket
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Total' }) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(String(soldBefore + 2));

  // The public page link and its copy button.
  await expect(page.getByTestId('public-link')).toHaveAttribute('href', `/event/${event.id}/${event.slug}`);
  await page.getByRole('button', { name: 'Copy link to the event page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${appOrigin()}/event/${event.id}/${event.slug}`,
  );
  // The copy button's tooltip (shown on hover) goes away with the mouse.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectAccessible(page, 'event dashboard');
  await snapshot(page, 'dashboard-en');

  // Tickets: Lawn pass has orders, so "Delete" explains and offers to hide it instead.
  await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Lawn pass' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const locked = page.getByRole('dialog', { name: 'This ticket cannot be deleted' });
  await expect(
    locked.getByText('This ticket has orders and cannot be deleted. You can hide it instead.'),
  ).toBeVisible();
  await expect(locked.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(page, 'ticket with orders: delete dialog');
  await snapshot(page, 'dashboard-ticket-has-orders');
  await locked.getByRole('button', { name: 'Hide ticket' }).click();
  await expect(locked).toBeHidden();
  await expect(page.getByText('Lawn pass is hidden.')).toBeVisible();
  // Visible again for the other specs.
  await page.getByRole('button', { name: 'Actions for Lawn pass' }).click();
  await page.getByRole('menuitem', { name: 'Unhide' }).click();
  await expect(page.getByText('Lawn pass is visible again.')).toBeVisible();
  // Its type is locked in the form.
  await page.getByRole('button', { name: 'Actions for Lawn pass' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit ticket' });
  await expect(edit.getByText('The ticket type cannot change once it has attendees or sales.')).toBeVisible();
  await expect(edit.getByRole('radio', { name: 'Paid' })).toBeDisabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await notificationsGone(page);

  // A tier with sales (mocked on Front stage's first tier) cannot be removed; the form offers to hide it.
  const ticketsUrl = `**/api/events/${event.id}/tickets`;
  await page.route(ticketsUrl, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Array<{ name: string; tiers: Array<{ has_sales: boolean }> }> };
    for (const t of body.data) if (t.name === 'Front stage') t.tiers[0]!.has_sales = true;
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await page.getByRole('button', { name: 'Actions for Front stage' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const tiered = page.getByRole('dialog', { name: 'Edit ticket' });
  await expect(tiered.getByRole('button', { name: 'Remove tier 1' })).toBeDisabled();
  await expect(tiered.getByText('This tier has sales and cannot be removed. You can hide it instead.')).toBeVisible();
  await expect(tiered.getByRole('button', { name: 'Remove tier 2' })).toBeEnabled();
  await tiered.getByRole('button', { name: 'Hide tier 1' }).click();
  await expect(tiered.getByRole('checkbox', { name: 'Tier 1 hidden' })).toBeChecked();
  // Should the server still refuse (a sale came in meanwhile), its message is shown.
  const message = 'This price tier has sales and cannot be deleted. You can hide it instead.';
  await page.route(/\/api\/events\/\d+\/tickets\/\d+$/, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 409, json: { error: { code: 'TIER_HAS_SALES', message } } })
      : route.fallback(),
  );
  await tiered.getByRole('button', { name: 'Remove tier 2' }).click();
  await tiered.getByRole('button', { name: 'Save changes' }).click();
  await expect(tiered.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expectAccessible(page, 'tier with sales in the ticket form');
  await snapshot(page, 'dashboard-tier-has-sales');
  await tiered.getByRole('button', { name: 'Cancel' }).click();
  await page.unrouteAll({ behavior: 'wait' });

  // Event settings: the currency cannot change any more.
  await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Settings' }).click();
  const details = page.getByRole('region', { name: 'Event details' });
  await details.getByRole('combobox', { name: 'Currency', exact: true }).click();
  await page.getByRole('option', { name: /^EUR/ }).click();
  await details.getByRole('button', { name: 'Save event details' }).click();
  await expect(details.getByText('The currency cannot change once the event has orders.')).toBeVisible();

  // The event list: deleting is refused; the dialog offers to archive instead (not taken here).
  await page.goto('/manage/events');
  await page.getByRole('button', { name: 'Actions for Riverside Open Air' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete event' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  const refused = page.getByRole('dialog', { name: 'This event cannot be deleted' });
  await expect(
    refused.getByText('This event has orders and cannot be deleted. You can archive it instead.'),
  ).toBeVisible();
  await expectAccessible(page, 'event with orders: delete dialog');
  await snapshot(page, 'dashboard-event-has-orders');
  // "Archive instead" sends the status change (answered by a mock: the seed event stays live for other specs).
  let archivedWith: unknown = null;
  await page.route(`**/api/events/${event.id}/status`, async (route) => {
    archivedWith = route.request().postDataJSON();
    const current = await page.request.get(`/api/events/${event.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await current.json()) as { data: Record<string, unknown> };
    await route.fulfill({ json: { data: { ...body.data, status: 'ARCHIVED' } } });
  });
  await refused.getByRole('button', { name: 'Archive instead' }).click();
  await expect(refused).toBeHidden();
  await expect(page.getByText('“Riverside Open Air” has been archived.')).toBeVisible();
  expect(archivedWith).toEqual({ status: 'ARCHIVED' });
  await page.unroute(`**/api/events/${event.id}/status`);
  await notificationsGone(page);

  // German: numbers, money and day labels follow the language.
  await context.addCookies([{ name: 'admitone_locale', value: 'de', url: appOrigin() }]);
  await page.goto(`/manage/event/${event.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('stat-tickets-value')).toHaveText(String(before.tickets_sold + 2));
  await expect(page.getByTestId('chart-sales').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('stat-gross-value')).toContainText(/\d,\d{2}\s£/);
  await expectAccessible(page, 'event dashboard (de)');
  await snapshot(page, 'dashboard-de');
});

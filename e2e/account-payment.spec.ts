import type { Page, Route } from '@playwright/test';

import { appOrigin, expect, riversideId, test } from './fixtures';
import { expectAccessible, snapshot } from './support';

type Connection = {
  status: 'NOT_CONFIGURED' | 'NOT_CONNECTED' | 'SETUP_INCOMPLETE' | 'CONNECTED';
  mode: 'CONNECT' | 'SINGLE' | null;
  stripe_account_id: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  platform_fee_percent: number;
};

const connection = (patch: Partial<Connection>): Connection => ({
  status: 'NOT_CONNECTED',
  mode: 'CONNECT',
  stripe_account_id: null,
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  platform_fee_percent: 2.5,
  ...patch,
});

const CONNECTED = connection({
  status: 'CONNECTED',
  stripe_account_id: 'acct_1MockConnected',
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
});

/**
 * Mocks the payment-connection API at the network boundary. The e2e server has no Stripe keys and no
 * Stripe is reachable, so only NOT_CONFIGURED is real here; the other states are answered by these
 * routes. The API side (onboarding, refresh, permissions) is covered by apps/api/test/payment-connection.test.ts.
 */
async function mockConnection(page: Page, initial: Connection) {
  const calls = { connect: 0, refresh: 0 };
  const state = {
    current: initial,
    afterRefresh: initial,
    connectAnswer: null as null | ((route: Route) => Promise<void>),
  };
  await page.route('**/api/accounts/*/payment-connection', (route) => route.fulfill({ json: { data: state.current } }));
  await page.route('**/api/accounts/*/payment-connection/stripe', async (route) => {
    calls.connect += 1;
    if (state.connectAnswer) return state.connectAnswer(route);
    // A same-origin address stands in for Stripe's onboarding page, which sends the admin back like this.
    await route.fulfill({ json: { data: { url: '/account/payment?stripe=return' } } });
  });
  await page.route('**/api/accounts/*/payment-connection/refresh', async (route) => {
    calls.refresh += 1;
    state.current = state.afterRefresh;
    await route.fulfill({ json: { data: state.current } });
  });
  return { calls, state };
}

const badge = (page: Page) => page.getByTestId('payment-status');

test('payments: not configured on this installation, then every connection state', async ({
  organizerPage: page,
  context,
}) => {
  // Seven connection states in two languages: 45 s in a full run here, over a minute when the machine is slow.
  test.setTimeout(120_000);

  // The account navigation lists Payments for the admin.
  await page.goto('/account/settings');
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/account\/payment$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

  // Real server, no Stripe keys: NOT_CONFIGURED explains what the operator sets.
  await expect(badge(page)).toHaveText('Not configured');
  await expect(page.getByText('Card payments are not configured on this installation', { exact: false })).toBeVisible();
  await expect(
    page.getByText('Offline payments (bank transfer, pay at the door) still work', { exact: false }),
  ).toBeVisible();
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_MODE=SINGLE']) {
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(`${appOrigin()}/api/public/webhooks/stripe`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Stripe' })).toHaveCount(0);
  await expectAccessible(page, 'payments not configured');
  await snapshot(page, 'en-account-payment-not-configured');

  // The getting-started step counts as done: the seeded event takes offline payments.
  await page.goto(`/manage/event/${await riversideId(page.request)}/getting-started`);
  await expect(page.getByRole('heading', { name: 'Connect a payment provider (done)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open payments' })).toHaveAttribute('href', '/account/payment');

  // From here on the states are mocked at the network boundary (see mockConnection).
  const mock = await mockConnection(page, connection({ status: 'NOT_CONNECTED' }));
  mock.state.afterRefresh = CONNECTED;
  await page.goto('/account/payment');
  await expect(badge(page)).toHaveText('Not connected');
  const connect = page.getByRole('button', { name: 'Connect Stripe' });
  await expect(connect).toBeVisible();
  await expectAccessible(page, 'payments not connected');
  await snapshot(page, 'en-account-payment-not-connected');

  // Connect: the link is requested, Stripe (here: the same page) sends the admin back, and the page reads the state.
  await connect.click();
  await expect(page).toHaveURL(/\/account\/payment$/);
  await expect(badge(page)).toHaveText('Connected');
  expect(mock.calls).toEqual({ connect: 1, refresh: 1 });
  await expect(page.getByText('acct_1MockConnected')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Card payments enabled Yes' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Payouts enabled Yes' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Platform fee per payment 2.5%' })).toBeVisible();
  await expectAccessible(page, 'payments connected');
  await snapshot(page, 'en-account-payment-connected');

  // Setup incomplete: continue or check again (the refresh call).
  mock.state.current = connection({
    status: 'SETUP_INCOMPLETE',
    stripe_account_id: 'acct_1MockConnected',
    details_submitted: false,
  });
  mock.state.afterRefresh = mock.state.current;
  await page.reload();
  await expect(badge(page)).toHaveText('Setup incomplete');
  await expect(page.getByRole('button', { name: 'Continue setup' })).toBeVisible();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect.poll(() => mock.calls.refresh).toBe(2);
  await expect(badge(page)).toHaveText('Setup incomplete');
  await expectAccessible(page, 'payments setup incomplete');
  await snapshot(page, 'en-account-payment-setup-incomplete');

  // An expired onboarding link brings the admin back with ?stripe=refresh: the page offers the button again.
  await page.goto('/account/payment?stripe=refresh');
  await expect(page.getByRole('status').filter({ hasText: 'The Stripe setup link expired.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue setup' })).toBeVisible();
  await expectAccessible(page, 'payments link expired');

  // An organizer's request is refused with the server's translated message.
  mock.state.connectAnswer = (route) =>
    route.fulfill({
      status: 403,
      json: { error: { code: 'FORBIDDEN', message: 'You do not have permission to do that.' } },
    });
  await page.getByRole('button', { name: 'Continue setup' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission to do that.' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/payment\?stripe=refresh$/);

  // Single mode: the platform's account takes the payments.
  mock.state.current = connection({
    status: 'CONNECTED',
    mode: 'SINGLE',
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    platform_fee_percent: 0,
  });
  await page.goto('/account/payment');
  await expect(badge(page)).toHaveText('Connected');
  await expect(
    page.getByText("Payments go to the platform's Stripe account; nothing to connect.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Stripe' })).toHaveCount(0);
  await expectAccessible(page, 'payments single mode');
  await snapshot(page, 'en-account-payment-single');

  // German: the real (not configured) state, then the mocked connected one.
  await context.addCookies([{ name: 'admitone_locale', value: 'de', url: appOrigin() }]);
  await page.unrouteAll();
  await page.goto('/account/payment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('STRIPE_WEBHOOK_SECRET', { exact: true })).toBeVisible();
  await expectAccessible(page, 'payments not configured (de)');
  await snapshot(page, 'de-account-payment-not-configured');
  await page.route('**/api/accounts/*/payment-connection', (route) => route.fulfill({ json: { data: CONNECTED } }));
  await page.reload();
  await expect(page.getByText('acct_1MockConnected')).toBeVisible();
  await expect(page.getByRole('cell', { name: /^2,5\s%$/ })).toBeVisible();
  await expectAccessible(page, 'payments connected (de)');
  await snapshot(page, 'de-account-payment-connected');
});

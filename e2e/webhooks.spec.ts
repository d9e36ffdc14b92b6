import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test } from '@playwright/test';

import { signInWithToken } from './fixtures';
import { expectAccessible, notificationsGone, signUpByApi, snapshot, uniqueEmail } from './support';

test('an admin adds a webhook, sends a test event and reads its delivery in the log; an order is sent signed', async ({
  browser,
  request,
}) => {
  // The organizer's server: records what it receives and answers 200.
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admitone`;

  try {
    const me = await signUpByApi(request, {
      name: 'Hugo Hooks',
      email: uniqueEmail('hooks'),
      password: 'a-signed-lighthouse-8',
      timezone: 'Europe/Berlin',
    });
    const admin = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
    await signInWithToken(admin, me.token);
    const page = await admin.newPage();
    await page.goto('/account/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('CRM sync');
    await dialog.getByRole('checkbox', { name: 'Select all' }).check();
    await expectAccessible(page, 'add webhook dialog');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: "Your webhook's signing secret" });
    await expect(shown).toBeVisible();
    const secret = await shown.getByRole('textbox').first().inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'webhook secret');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    await page.getByRole('link', { name: 'CRM sync' }).click();
    await expect(page).toHaveURL(/\/account\/webhooks\/\d+$/);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByRole('table');
    await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    await notificationsGone(page);
    await expectAccessible(page, 'webhook delivery log');
    await log.getByRole('button', { name: /^Attempts and payload of Test event/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('thanks')).toBeVisible();
    await expect(drawer.getByText('200').first()).toBeVisible();
    await expectAccessible(page, 'webhook delivery');
    await snapshot(page, 'webhook-delivery');

    const [test] = received;
    expect(test!.headers['admitone-event-type']).toBe('webhook.test');
    const expected = `v1=${createHmac('sha256', secret).update(`${test!.headers['admitone-timestamp']}.${test!.body}`).digest('hex')}`;
    expect(test!.headers['admitone-signature']).toBe(expected);

    // A product made through the API reaches the server too, as the API returns it.
    const headers = { authorization: `Bearer ${me.token}` };
    const organizer = (
      await (
        await request.post('/api/organizers', { headers, data: { name: 'Hook Hall', email: 'hi@hook.test' } })
      ).json()
    ).data as { id: number };
    const event = (
      await (
        await request.post('/api/events', {
          headers,
          data: {
            title: 'Hook Night',
            organizer_id: organizer.id,
            start_date: `${new Date().getFullYear() + 1}-03-03T20:00`,
            timezone: 'Europe/Berlin',
            currency: 'EUR',
          },
        })
      ).json()
    ).data as { id: number };
    await request.post(`/api/events/${event.id}/tickets`, { headers, data: { name: 'Door', type: 'FREE' } });
    await expect
      .poll(() => received.find((r) => r.headers['admitone-event-type'] === 'product.created')?.body ?? '', {
        timeout: 15_000,
      })
      .toContain('"name":"Door"');
    await admin.close();
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

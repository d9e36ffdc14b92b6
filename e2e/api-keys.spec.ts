import { expect, test } from '@playwright/test';

import { signInWithToken } from './fixtures';
import { expectAccessible, notificationsGone, signUpByApi, snapshot, uniqueEmail } from './support';

test('an admin creates an API key, another system calls the API with it, and the admin revokes it', async ({
  browser,
  request,
}) => {
  const me = await signUpByApi(request, {
    name: 'Kira Keys',
    email: uniqueEmail('keys'),
    password: 'a-locked-lighthouse-4',
    timezone: 'Europe/Berlin',
  });
  const headers = { authorization: `Bearer ${me.token}` };
  const organizer = (
    await (
      await request.post('/api/organizers', { headers, data: { name: 'Keyed Events', email: 'hello@keyed.test' } })
    ).json()
  ).data as { id: number };
  const made = await request.post('/api/events', {
    headers,
    data: {
      title: 'Harbour Jazz',
      organizer_id: organizer.id,
      start_date: `${new Date().getFullYear() + 1}-06-12T20:00`,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    },
  });
  const event = (await made.json()).data as { id: number };

  const admin = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  await signInWithToken(admin, me.token);
  const page = await admin.newPage();
  await page.goto('/account/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expectAccessible(page, 'API keys, none yet');

  await page.getByRole('button', { name: 'Create API key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Newsletter sync');
  await dialog.getByRole('switch', { name: /Only some events/ }).check();
  await dialog.getByRole('combobox', { name: 'Events', exact: true }).click();
  await page.getByRole('option', { name: /Harbour Jazz/ }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).click();
  await expectAccessible(page, 'create API key dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = await shown.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^a1k_/);
  await expect(shown.getByText(`Authorization: Bearer ${secret}`)).toBeVisible();
  await expectAccessible(page, 'new API key');
  await snapshot(page, 'api-key-created');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('row', { name: /Newsletter sync/ });
  await expect(row.getByText('Read-only')).toBeVisible();
  await expect(row.getByText('Harbour Jazz')).toBeVisible();
  await expect(row.getByText('Not used yet')).toBeVisible();

  // Another system, with nothing but the key.
  const key = { authorization: `Bearer ${secret}` };
  const events = await request.get('/api/events', { headers: key });
  expect(events.status()).toBe(200);
  expect(((await events.json()).data as Array<{ id: number }>).map((e) => e.id)).toEqual([event.id]);
  expect(events.headers()['ratelimit-limit']).toBe('600');
  const write = await request.post(`/api/events/${event.id}/tickets`, {
    headers: key,
    data: { name: 'Sneaky', type: 'FREE' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.code).toBe('API_KEY_READ_ONLY');

  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Not used yet');
  await row.getByRole('button', { name: 'Revoke Newsletter sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Key revoked')).toBeVisible();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'API keys with a revoked one');
  await snapshot(page, 'api-keys');
  expect((await request.get('/api/events', { headers: key })).status()).toBe(401);
  await admin.close();
});

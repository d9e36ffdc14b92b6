import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';

import { startTestProvider } from '../apps/api/test/oidc-test-provider.js';
import { appOrigin, DEMO, expect, loginWithForm, test } from './fixtures';
import {
  confirmAddressByApi,
  expectAccessible,
  mailCount,
  notificationsGone,
  serverControl,
  signUpLinkPath,
  snapshot,
  uniqueEmail,
  waitForMail,
} from './support';

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
}

async function logout(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** Signs a new person up through the form and the mailed link; they land on the first-run page of their own account. */
async function register(browser: Browser, name: string, email: string, password: string) {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await page.goto('/auth/register');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await signUpLinkPath(email));
  await expect(page).toHaveURL(/\/welcome$/);
  return { context, page };
}

/** A regular expression matching the text literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The first link of a mail that matches a path pattern, as a path to open in the app. */
function linkIn(text: string, path: RegExp): string {
  const match = new RegExp(`https?://\\S+?${path.source}`).exec(text);
  expect(match, `a link matching ${path} in:\n${text}`).not.toBeNull();
  return new URL(match![0]).pathname;
}

/** Invites someone from the Users page and returns the invitation link from their mail. */
async function invite(page: Page, email: string, role: 'Admin' | 'Organizer') {
  const before = mailCount(email);
  await page.goto('/account/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('radio', { name: role }).check();
  await expectAccessible(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: literally(email) });
  await expect(row.getByText('Invited')).toBeVisible();
  const mail = await waitForMail(email, before);
  return linkIn(mail.text, /\/auth\/accept-invitation\/[A-Za-z0-9_-]+/);
}

test('an admin invites an organizer, who sees no account pages, makes them door staff of one event, then admin, and deactivates them', async ({
  organizerPage: page,
  browser,
}) => {
  // Two browsers, six screens checked with axe, four mails: longer than one screen's minute on a busy machine.
  test.setTimeout(150_000);
  await page.goto('/manage/events');
  await expect(page).toHaveURL(/\/manage\/events$/);

  // The account area: settings, event defaults.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByLabel('Account name')).not.toHaveValue('');
  await expectAccessible(page, 'account settings');
  await snapshot(page, 'en-account-settings');

  const nav = page.getByRole('navigation', { name: 'Account sections' });
  await nav.getByRole('link', { name: 'Event defaults' }).click();
  await expect(page.getByRole('heading', { name: 'Event defaults', exact: true })).toBeVisible();
  await page.getByLabel('Order timeout (minutes)').fill('20');
  await page.getByLabel('Button', { exact: true }).fill('#0f766e');
  await page.getByLabel('Support e-mail').fill('help@riverside.test');
  await expectAccessible(page, 'event defaults');
  await snapshot(page, 'en-account-event-defaults');
  await page.getByRole('button', { name: 'Save event defaults' }).click();
  await expect(page.getByText('Event defaults saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Order timeout (minutes)')).toHaveValue('20');
  await expect(page.getByLabel('Button', { exact: true })).toHaveValue('#0f766e');

  // Invite a colleague as an organizer.
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await expectAccessible(page, 'users');

  // The demo login's address is not confirmed: the invite form says so before it is filled, and sends the link again.
  await page.getByRole('button', { name: 'Invite user' }).click();
  const unconfirmed = page.getByRole('dialog', { name: 'Invite user' });
  await expect(unconfirmed.getByText('Confirm your e-mail address to send invitations')).toBeVisible();
  await expect(unconfirmed.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await expectAccessible(page, 'invite dialog, address not confirmed');
  await snapshot(page, 'en-account-users-invite-unconfirmed');
  const confirmations = mailCount(DEMO.email);
  await unconfirmed.getByRole('button', { name: 'Resend confirmation' }).click();
  const confirmation = await waitForMail(DEMO.email, confirmations);
  await unconfirmed.getByRole('button', { name: 'Cancel' }).click();
  // The link opens in another tab, as from a mail program: this tab's banner goes without a reload.
  const banner = page.getByText('Please confirm your e-mail address.', { exact: false });
  await expect(banner).toBeVisible();
  const linkTab = await page.context().newPage();
  await linkTab.goto(linkIn(confirmation.text, /\/manage\/profile\/confirm-email-address\/[A-Za-z0-9_-]+/));
  await expect(linkTab.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  await expect(linkTab.getByText('Please confirm your e-mail address.', { exact: false })).toBeHidden();
  await linkTab.close();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  // The admin's own row says so.
  await expect(page.getByRole('row').filter({ hasText: DEMO.email }).getByText('You', { exact: true })).toBeVisible();
  const colleague = uniqueEmail('colleague');
  const link = await invite(page, colleague, 'Organizer');
  await notificationsGone(page);
  await snapshot(page, 'en-account-users');

  // They accept in their own browser.
  const other = await browser.newContext({ locale: 'en-US' });
  const them = await other.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expectAccessible(them, 'accept invitation');
  await snapshot(them, 'en-accept-invitation');
  await them.getByLabel('Your name').fill('Grace Hopper');
  await them.getByRole('textbox', { name: 'Password', exact: true }).fill('organizer-pass-1');
  await them.getByLabel('Confirm password').fill('organizer-pass-1');
  await them.getByLabel('I accept the terms and conditions').check();
  await them.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(them).toHaveURL(/\/manage\/events$/);
  await expect(them.getByText('Summer Jazz Festival')).toBeVisible();

  // An organizer's only account page is the reports (issue #24): the links lead there, and the other pages say no
  // without calling the API.
  await expect(
    them.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }),
  ).toHaveAttribute('href', '/account/reports');
  await openUserMenu(them);
  await expect(them.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(them.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account/reports');
  await them.keyboard.press('Escape');
  await them.goto('/account/users');
  await expect(them.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(them).toHaveURL(/\/account\/users$/);
  await expect(them.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expectAccessible(them, 'no permission');
  await snapshot(them, 'en-no-permission');
  await them.goto('/manage/account');
  await expect(them).toHaveURL(/\/account\/settings$/);
  await expect(them.getByText('You do not have permission to access this page.')).toBeVisible();

  // Another organizer of the account with an event of its own (made through the API), to limit them to (#43). The
  // event goes again after (the flows after this one work in the demo account's events).
  const adminToken = await page.evaluate(() => localStorage.getItem('admitone.token'));
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const lateNights = await page.request.post('/api/organizers', {
    headers: asAdmin,
    data: { name: 'Late Nights Collective', email: 'late@nights.test' },
  });
  expect(lateNights.status()).toBe(201);
  const lateEvent = await page.request.post('/api/events', {
    headers: asAdmin,
    data: {
      title: 'Late Night Session',
      organizer_id: (await lateNights.json()).data.id,
      start_date: '2031-03-01T21:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    },
  });
  expect(lateEvent.status()).toBe(201);
  // The admin sees them as an active member and deactivates them.
  await page.reload();
  const row = page.getByRole('row', { name: /Grace Hopper/ });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Organizer')).toBeVisible();
  await page.getByLabel('Search users').fill('grace');
  await expect(page.getByRole('row')).toHaveCount(2);
  // Limited to one organizer (#43): the admin limits them to it, and their next page lists only its event.
  await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const scope = page.getByRole('dialog', { name: 'Change role' });
  await scope.getByRole('combobox', { name: 'Limit to organizers', exact: true }).fill('Late');
  await page.getByRole('option', { name: 'Late Nights Collective' }).click();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'change role dialog, limited organizer');
  await scope.getByRole('button', { name: 'Save role' }).click();
  await expect(scope).toBeHidden();
  await expect(row.getByText('Limited to Late Nights Collective')).toBeVisible();
  await them.goto('/manage/events');
  await expect(them.getByText('Late Night Session')).toBeVisible();
  await expect(them.getByText('Summer Jazz Festival')).toHaveCount(0);
  await expectAccessible(them, 'limited organizer: events');
  await snapshot(them, 'en-limited-organizer-events');
  const removed = await page.request.delete(`/api/events/${(await lateEvent.json()).data.id}`, { headers: asAdmin });
  expect(removed.status()).toBe(204);

  // Door staff: the check-in of the events chosen for them, nothing else.
  const changeRole = async (role: 'Admin' | 'Door staff', events: string[] = []) => {
    await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByRole('radio', { name: role }).check();
    if (role === 'Door staff') {
      // No event chosen: the field says so.
      await dialog.getByRole('button', { name: 'Save role' }).click();
      await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
      await expectAccessible(page, 'change role dialog, door staff');
      // Typed, as someone with many events would: the list narrows to it.
      const input = dialog.getByRole('combobox', { name: 'Events', exact: true });
      for (const name of events) {
        await input.fill(name.slice(0, 6));
        await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(dialog.getByText('Choose at least one event.')).toBeHidden();
      await snapshot(page, 'en-account-users-door-staff');
    }
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(dialog).toBeHidden();
  };
  await changeRole('Door staff', ['Summer Jazz Festival']);
  await expect(row.getByText('Door staff', { exact: true })).toBeVisible();
  await expect(row.getByText('1 event', { exact: true })).toBeVisible();

  // In their browser, at once: their home is the check-in list; other pages send them back to it.
  await them.goto('/manage/events');
  await expect(them).toHaveURL(/\/manage\/check-in$/);
  await expect(
    them.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Events' }),
  ).toHaveCount(0);
  await expectAccessible(them, 'door staff: events to check in');
  await them.getByRole('link', { name: 'Open check-in for Summer Jazz Festival' }).click();
  await expect(them.getByRole('heading', { name: 'Summer Jazz Festival' })).toBeVisible();
  // The event's check-in screen on its own (the demo event has no orders yet in this flow; that door
  // staff see names and tickets but no e-mail addresses is door-staff.test.ts's).
  await expect(them.getByText('No attendees yet')).toBeVisible();
  await expect(them.getByText('0 of 0 attendees checked in (0%)')).toBeVisible();
  await expect(them.getByRole('button', { name: 'Scan tickets' })).toBeVisible();
  await expectAccessible(them, 'door staff: check-in');
  await snapshot(them, 'en-door-staff-check-in');
  await them.goto('/account/users');
  await expect(them).toHaveURL(/\/manage\/check-in$/);

  // Given the box office too: the same events, and their box office (nothing else).
  await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const sells = page.getByRole('dialog', { name: 'Change role' });
  await sells.getByRole('checkbox', { name: 'May also sell at the box office' }).check();
  await sells.getByRole('button', { name: 'Save role' }).click();
  await expect(sells).toBeHidden();
  await expect(row.getByText('Also sells at the box office')).toBeVisible();
  await them.goto('/manage/check-in');
  await them.getByRole('link', { name: 'Open the box office for Summer Jazz Festival' }).click();
  await expect(them).toHaveURL(/\/manage\/box-office\/\d+$/);
  await expect(them.getByRole('heading', { name: 'Open a shift' })).toBeVisible();
  await expectAccessible(them, 'door staff: box office');
  await them.goto(them.url().replace('/manage/box-office/', '/manage/event/') + '/orders');
  await expect(them).toHaveURL(/\/manage\/check-in$/);

  await changeRole('Admin');
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'deactivate dialog');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Inactive')).toBeVisible();

  await page.getByLabel('Search users').fill('');
  // The owner's row offers nothing to change.
  await expect(page.getByRole('row', { name: /Owner/ }).getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

  // An invitation can be sent again, and revoked.
  const unwanted = uniqueEmail('unwanted');
  await invite(page, unwanted, 'Admin');
  const invitation = page.getByRole('row', { name: literally(unwanted) });
  const before = mailCount(unwanted);
  await invitation.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  await waitForMail(unwanted, before);
  await invitation.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Revoke invitation' }).click();
  await page.getByRole('dialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(invitation).toHaveCount(0);

  // The audit log (#43) has each change, who made it and what changed; filtered by action, then downloaded.
  await page.goto('/account/audit-log');
  const auditLog = page.getByRole('table', { name: 'Audit log' });
  await expect(auditLog.getByRole('row', { name: /Revoked an invitation/ }).first()).toContainText(unwanted);
  await expect(auditLog.getByRole('row', { name: /Changed a member/ }).first()).toContainText(colleague);
  await expectAccessible(page, 'audit log');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Revoked an invitation' }).click();
  await expect(page).toHaveURL(/action=member\.invitation_revoked/);
  await expect(auditLog.getByRole('row', { name: /Changed a member/ })).toHaveCount(0);
  await expect(auditLog.getByRole('row', { name: /Revoked an invitation/ }).first()).toContainText(unwanted);
  await page.getByRole('button', { name: 'Download the audit log' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

  // Their login no longer works.
  await loginWithForm(them, { email: colleague, password: 'organizer-pass-1' }, { landing: null });
  await expect(them.getByText('Please check your email and password and try again')).toBeVisible();
  await other.close();
});

test('a new user, confirmed by the sign-up link, changes e-mail and password, turns on two-factor sign-in and adds a passkey', async ({
  browser,
}) => {
  // ~50 s in a full run here: room for a slower machine.
  test.setTimeout(150_000);
  const email = uniqueEmail('profile');
  const { context, page } = await register(browser, 'Ada Lovelace', email, 'first-password-1');

  // Opening the sign-up link confirmed the address: no banner, no second mail.
  await page.goto('/manage/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText('Please confirm your e-mail address.')).toBeHidden();
  expect(mailCount(email)).toBe(1);
  await expectAccessible(page, 'profile');
  await snapshot(page, 'en-profile');

  // Details.
  await page.getByLabel('Your name').fill('Ada King');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toContainText('Ada King');

  // A wrong password is marked on its field; then the change waits for the new address.
  const newEmail = uniqueEmail('profile-new');
  await page.getByLabel('New e-mail address').fill(newEmail);
  const emailPassword = page
    .getByRole('region', { name: 'E-mail address' })
    .getByRole('textbox', { name: 'Current password' });
  await emailPassword.fill('not-my-password');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  // Mantine marks a password field with a problem through data-invalid (and shows the message below it).
  await expect(emailPassword).toHaveAttribute('data-invalid', 'true');
  await emailPassword.fill('first-password-1');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByText('Waiting for confirmation')).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'profile with pending change');
  await snapshot(page, 'en-profile-pending');

  const changeMail = await waitForMail(newEmail);
  const changeLink = linkIn(changeMail.text, /\/manage\/profile\/confirm-email-change\/[A-Za-z0-9_-]+/);
  await page.goto(changeLink);
  await expect(page.getByRole('heading', { name: 'E-mail address changed' })).toBeVisible();
  await snapshot(page, 'en-confirm-email-change');
  // A link works once.
  await page.goto(changeLink);
  await expect(page.getByText('The link you clicked is invalid.')).toBeVisible();
  await expectAccessible(page, 'invalid link');
  await snapshot(page, 'en-confirm-invalid');

  // Password: wrong current password first, then the real one.
  await page.goto('/manage/profile');
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByRole('textbox', { name: 'Current password' }).fill('wrong-password');
  await passwordSection.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
  await passwordSection.getByLabel('Confirm new password').fill('second-password-2');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByRole('textbox', { name: 'Current password' })).toHaveAttribute(
    'data-invalid',
    'true',
  );
  await passwordSection.getByRole('textbox', { name: 'Current password' }).fill('first-password-1');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await logout(page);
  await loginWithForm(page, { email: newEmail, password: 'second-password-2' }, { landing: null });
  await expect(page).toHaveURL(/\/manage\/events$/);

  // Two-factor sign-in (#43): an authenticator app set up from the profile, confirmed with its first code; the ten
  // recovery codes are shown once. The code comes from the test, computed at the server's time as the app would.
  await page.goto('/manage/profile');
  await page.getByRole('button', { name: 'Set up' }).click();
  const setUp = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await expect(setUp.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await setUp.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'two-factor set-up');
  await setUp.getByLabel('Six-digit code').fill('000000');
  await setUp.getByRole('button', { name: 'Turn on' }).click();
  await expect(setUp.getByLabel('Six-digit code')).toHaveAttribute('aria-invalid', 'true');
  await setUp.getByLabel('Six-digit code').fill(await totpCode(secret));
  await setUp.getByRole('button', { name: 'Turn on' }).click();
  const codes = setUp.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  await snapshot(page, 'en-two-factor-codes');
  await setUp.getByLabel('I have saved these recovery codes').check();
  await setUp.getByRole('button', { name: 'Done' }).click();
  await expect(setUp).toBeHidden();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  // Where you are signed in: this browser, marked as this device.
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  await expectAccessible(page, 'profile with two-factor sign-in and devices');
  await snapshot(page, 'en-profile-security');

  // Signing in now asks for a code after the password: a wrong one is marked, a recovery code works once.
  await logout(page);
  await loginWithForm(page, { email: newEmail, password: 'second-password-2' }, { landing: null });
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Six-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Six-digit code')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'two-factor sign-in');
  await snapshot(page, 'en-two-factor-sign-in');
  // The next 30-second step's code: the set-up's own code cannot be used twice.
  await page.getByLabel('Six-digit code').fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/manage\/events$/);
  await logout(page);
  await loginWithForm(page, { email: newEmail, password: 'second-password-2' }, { landing: null });
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/manage\/events$/);

  // A passkey (#43), made by Chromium's virtual authenticator (a platform authenticator that keeps its passkeys and
  // verifies the person, as a laptop's fingerprint reader does): added from the profile, then the person signs in
  // with it alone, no address or password typed.
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto('/manage/profile');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const addPasskey = page.getByRole('dialog', { name: 'Add a passkey' });
  await addPasskey.getByRole('textbox', { name: 'Name' }).fill('Ada’s laptop');
  await expectAccessible(page, 'add a passkey');
  await addPasskey.getByRole('button', { name: 'Add passkey' }).click();
  await expect(addPasskey).toBeHidden();
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByText('Ada’s laptop')).toBeVisible();
  await expect(passkeys.getByText('Never used')).toBeVisible();
  await snapshot(page, 'en-profile-passkeys');
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/manage\/events$/);
  await page.goto('/manage/profile');
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Never used')).toBeHidden();

  // Single sign-on: Ada, an admin of her own account, points it at an OpenID provider (a real one, on this machine).
  // A new person opens the team's sign-in link in another browser, signs in at the provider and lands in the account,
  // where the profile leaves how they sign in to the provider.
  const provider = await startTestProvider({ redirectUri: `${appOrigin()}/auth/sso/callback` });
  const newcomerBrowser = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  try {
    await page.goto('/account/single-sign-on');
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sso-redirect-uri')).toHaveValue(`${appOrigin()}/auth/sso/callback`);
    await expectAccessible(page, 'single sign-on, not set up');
    await snapshot(page, 'en-account-single-sign-on-new');
    await page.getByLabel('Issuer URL').fill(provider.issuer);
    await page.getByLabel('Client ID').fill(provider.clientId);
    await page.getByLabel('Client secret').fill(provider.clientSecret);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Single sign-on saved.')).toBeVisible();
    const teamLink = page.getByTestId('sso-sign-in-link');
    await expect(teamLink).toHaveValue(new RegExp(`^${appOrigin()}/auth/sso/[A-Za-z0-9_-]+$`));
    await expect(page.getByText('Nobody has signed in with it yet.')).toBeVisible();
    await expect(page.getByText('Saved. Leave empty to keep it.')).toBeVisible();
    await notificationsGone(page);
    await expectAccessible(page, 'single sign-on');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapshot(page, 'en-account-single-sign-on');

    const newcomer = uniqueEmail('sso-newcomer');
    provider.people.set('katherine', { email: newcomer, email_verified: true, name: 'Katherine Johnson' });
    provider.signInAs('katherine');
    const them = await newcomerBrowser.newPage();
    // A link that leads nowhere says so, with the way back to the login.
    await them.goto('/auth/sso/not-a-real-link');
    await expect(them.getByRole('heading', { name: 'This sign-in link does not work' })).toBeVisible();
    await expect(them.getByRole('alert')).toContainText('Single sign-on is not set up for this account');
    await expect(them.getByRole('link', { name: 'Back to login' })).toBeVisible();
    await expectAccessible(them, 'single sign-on link that does not work');
    await them.goto(await teamLink.inputValue());
    await expect(them).toHaveURL(/\/manage\/events$/);
    await expect(them.getByRole('button', { name: 'Open user menu' })).toContainText('Katherine Johnson');
    await them.goto('/manage/profile');
    await expect(them.getByText('You signed in with single sign-on.', { exact: false })).toBeVisible();
    await expect(them.getByText(newcomer, { exact: true })).toBeVisible();
    await expect(them.getByRole('button', { name: 'Change password' })).toHaveCount(0);
    await expect(them.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
    await expect(them.getByRole('region', { name: 'Where you are signed in' })).toBeVisible();
    await expectAccessible(them, 'profile signed in with single sign-on');
    await snapshot(them, 'en-profile-single-sign-on');

    // Next time from the login page, with the work address (the provider remembers them).
    await logout(them);
    await them.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await them.getByLabel('Work e-mail').fill(newcomer);
    await expectAccessible(them, 'login with single sign-on');
    await snapshot(them, 'en-login-single-sign-on');
    await them.getByRole('button', { name: 'Continue' }).click();
    await expect(them).toHaveURL(/\/manage\/events$/);

    // The admin sees them counted, and in the audit log.
    await page.reload();
    await expect(page.getByText('1 person has signed in with it.')).toBeVisible();
    await page.goto('/account/audit-log');
    await expect(
      page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: /Joined with single sign-on/ }),
    ).toContainText(newcomer);
  } finally {
    await newcomerBrowser.close();
    await provider.close();
  }
  await context.close();
});

/** The authenticator app's code at the e2e server's time (its clock may have been moved), `steps` 30 s later. */
async function totpCode(secret: string, steps = 0): Promise<string> {
  const { now } = await serverControl<{ now: string }>('/clock/advance', { minutes: 0 });
  return generate({ secret, epoch: Math.floor(new Date(now).getTime() / 1000) + steps * 30 });
}

test('a user of two accounts chooses one at login and switches from the user menu', async ({
  organizerPage: page,
  browser,
  request,
}) => {
  // ~50 s in a full run here: room for a slower machine.
  test.setTimeout(150_000);
  await confirmAddressByApi(request, DEMO); // invitations need it (the first test confirms it through the page)
  const email = uniqueEmail('two-accounts');
  const password = 'two-accounts-1';
  const { context, page: them } = await register(browser, 'Mary Jackson', email, password);
  await them.goto('/account/settings');
  const ownAccount = await them.getByLabel('Account name').inputValue();
  expect(ownAccount).not.toBe('');

  await page.goto('/account/settings');
  const demoAccount = await page.getByLabel('Account name').inputValue();
  const link = await invite(page, email, 'Admin');

  // An existing login joins with its password.
  await them.goto(link);
  await expect(
    them.getByText(`You already have an AdmitOne login for ${email}. Enter its password to join ${demoAccount}.`),
  ).toBeVisible();
  await expectAccessible(them, 'accept invitation (existing user)');
  await snapshot(them, 'en-accept-invitation-existing');
  await them.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await them.getByRole('button', { name: 'Join the account' }).click();
  await expect(them).toHaveURL(/\/manage\/events$/);
  await expect(them.getByText('Summer Jazz Festival')).toBeVisible();

  // Logging in now asks which account.
  await logout(them);
  await loginWithForm(them, { email, password }, { landing: null });
  await expect(them.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await them.getByRole('button', { name: literally(ownAccount) }).click();
  await expect(them).toHaveURL(/\/manage\/events$/);
  await expect(them.getByText('No events yet')).toBeVisible();

  // Switch to the other account from the user menu.
  await openUserMenu(them);
  await expect(them.getByRole('menuitemradio', { name: literally(ownAccount) })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(them.getByRole('menu')).toHaveCSS('opacity', '1');
  await snapshot(them, 'en-account-switcher');
  await them.getByRole('menuitemradio', { name: literally(demoAccount) }).click();
  await expect(them).toHaveURL(/\/manage\/events$/);
  await expect(them.getByText('Summer Jazz Festival')).toBeVisible();
  await openUserMenu(them);
  await expect(them.getByRole('menuitemradio', { name: literally(demoAccount) })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await context.close();
});

test('an admin creates, edits and deletes taxes and fees', async ({ browser }) => {
  // A new account: the demo account already has the taxes of its seeded event.
  const { context, page } = await register(browser, 'Tess Taxman', uniqueEmail('taxes'), 'tax-password-1');
  await page.goto('/account/taxes-and-fees');
  await expect(page.getByRole('heading', { name: 'Taxes and fees', exact: true })).toBeVisible();
  await expect(page.getByText('No taxes or fees yet')).toBeVisible();
  await expectAccessible(page, 'taxes empty');
  await snapshot(page, 'en-account-taxes-empty');

  // A percentage tax, added to new tickets by default.
  await page.getByRole('button', { name: 'Add tax or fee' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add tax or fee' });
  await dialog.getByLabel('Name').fill('VAT');
  await dialog.getByRole('textbox', { name: 'Rate' }).fill('7.5');
  await dialog.getByLabel('Add to new tickets by default').check();
  await expectAccessible(page, 'tax dialog');
  await snapshot(page, 'en-account-tax-dialog');
  await dialog.getByRole('button', { name: 'Add tax or fee' }).click();
  await expect(dialog).toBeHidden();
  const vat = page.getByRole('row', { name: /VAT/ });
  await expect(vat.getByText('7.5%')).toBeVisible();
  await expect(vat.getByText('Default')).toBeVisible();

  // A fixed fee typed in major units.
  await page.getByRole('main').getByRole('button', { name: 'Add tax or fee' }).click();
  dialog = page.getByRole('dialog', { name: 'Add tax or fee' });
  await dialog.getByLabel('Name').fill('Booking fee');
  await dialog.getByRole('radio', { name: 'Fee' }).check();
  await dialog.getByRole('radio', { name: 'Fixed amount' }).check();
  // A fixed amount has a currency of its own (the account's to start with): it is charged only on events in it.
  await expect(dialog.getByRole('combobox', { name: 'Currency of the amount' })).toHaveValue('USD – US Dollar');
  await dialog.getByRole('combobox', { name: 'Currency of the amount' }).click();
  await page.getByRole('option', { name: /^EUR – / }).click();
  await dialog.getByRole('textbox', { name: 'Amount per ticket' }).fill('1.50');
  await dialog.getByRole('button', { name: 'Add tax or fee' }).click();
  await expect(dialog).toBeHidden();
  const fee = page.getByRole('row', { name: /Booking fee/ });
  await expect(fee.getByText('€1.50')).toBeVisible();
  await expect(fee.getByText('Fee', { exact: true })).toBeVisible();

  // Edit: the form shows the saved values.
  await page.getByRole('button', { name: 'Edit Booking fee' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit tax or fee' });
  await expect(dialog.getByRole('textbox', { name: 'Amount per ticket' })).toHaveValue(/1\.5/);
  await dialog.getByRole('textbox', { name: 'Amount per ticket' }).fill('2.25');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(fee.getByText(/2\.25/)).toBeVisible();
  await snapshot(page, 'en-account-taxes');
  await expectAccessible(page, 'taxes list');

  // Delete, after confirming.
  await page.getByRole('button', { name: 'Delete VAT' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete tax or fee' });
  await expect(confirm.getByText(/Delete VAT\?/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /VAT/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Booking fee/ })).toBeVisible();
  await context.close();
});

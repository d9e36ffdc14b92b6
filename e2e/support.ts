import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import PostalMime from 'postal-mime';

import { apiLogin, type Credentials } from './fixtures';

const dataDir = () => process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '.data');
/** Each lane's server writes its data beside the flows' one (playwright.config.ts: the sweep's in `-sweep`). */
const LANE_DATA_SUFFIX: Record<string, string> = { sweep: '-sweep' };
/** The card-payment server's data (playwright.config.ts: `-stripe`), while `readMailOf('stripe')` is in force. */
let serverSuffix: string | null = null;
/** Tests that drive the card-payment server read its mail: `readMailOf('stripe')` before, `readMailOf(null)` after. */
export const readMailOf = (server: 'stripe' | null) => {
  serverSuffix = server ? `-${server}` : null;
};
/** Mail of the server the running test drives. */
const mailDir = () =>
  path.join(`${dataDir()}${serverSuffix ?? LANE_DATA_SUFFIX[test.info().project.name] ?? ''}`, 'mail');

/** A mail as the file transport wrote it (an .eml per mail), read with postal-mime. */
export interface Mail {
  subject: string;
  text: string;
  /** The attachments' file names (or their types when unnamed). */
  attachments: string[];
}

/** The .eml files written for an address, oldest first. */
function mailFiles(to: string): string[] {
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  try {
    return readdirSync(mailDir())
      .filter((f) => f.endsWith(`-${safe}.eml`))
      .sort();
  } catch {
    return []; // the folder appears with the first mail
  }
}

async function readMail(file: string): Promise<Mail> {
  const parsed = await PostalMime.parse(readFileSync(path.join(mailDir(), file)));
  return {
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    attachments: parsed.attachments.map((a) => a.filename ?? a.mimeType),
  };
}

/**
 * The one mail reader of the flows: waits (15 s) for the newest mail to `to` after its first `after`
 * mails, or with `matching` for the newest of those whose text matches.
 */
export async function waitForMail(to: string, after = 0, matching?: RegExp): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const file of mailFiles(to).slice(after).reverse()) {
      const mail = await readMail(file);
      if (!matching || matching.test(mail.text)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${to}${matching ? ` matching ${matching}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Counts the mails already written for an address. */
export const mailCount = (to: string): number => mailFiles(to).length;

/** The path of the sign-up link (`/auth/confirm-sign-up/...`) in the newest mail to `to` after `after` mails. */
export async function signUpLinkPath(to: string, after = 0): Promise<string> {
  const mail = await waitForMail(to, after);
  const match = /\/auth\/confirm-sign-up\/[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no sign-up link in the mail to ${to} ("${mail.subject}")`);
  return match[0];
}

export interface SignedUp {
  token: string;
  user: { id: number; email: string; email_verified: boolean };
  accounts: Array<{ id: number }>;
}

/**
 * Signs up through the API and opens the mailed link, as the person would: the user (address
 * confirmed), their own account and a session. Answers what opening the link answered.
 */
export async function signUpByApi(
  request: APIRequestContext,
  data: { name: string; email: string; password: string; timezone?: string; locale?: string },
): Promise<SignedUp> {
  const before = mailCount(data.email);
  const started = await request.post('/api/auth/register', {
    data: { ...data, password_confirmation: data.password, accept_terms: true },
  });
  expect(started.status(), await started.text()).toBe(202);
  const opened = await request.post(`/api${await signUpLinkPath(data.email, before)}`);
  expect(opened.status(), await opened.text()).toBe(200);
  return (await opened.json()) as SignedUp;
}

/** axe-core's source, put into a page's frames once per document (see `expectAccessible`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rules judged: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe on the page and fails with a readable list of violations. axe goes into each frame of the page once per
 * document and stays there while the app moves between screens, and the page answers with its violations only; the
 * top frame gathers the frames' results by axe's own frame messages (as @axe-core/playwright's legacy mode, which put
 * axe into every frame again on every check and sent back every rule's passes: 1.0-2.7 s a check here against
 * 0.2-0.7 s). `hidden-content` is off: it only lists hidden text to review and never fails a page (0.25 s a check).
 */
export async function expectAccessible(page: Page, label: string) {
  // Judge the settled page: menus fading out and dialogs fading in fail contrast and landmark rules mid-way.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 5000,
  });
  for (const frame of page.frames()) {
    // A frame that is gone or going is skipped, as axe itself does.
    const ready = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!ready)
      await frame
        .evaluate(`${AXE_SOURCE};axe.configure({ allowedOrigins: ['<same_origin>'] });`)
        .catch(() => undefined);
  }
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: { 'hidden-content': { enabled: false } },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Closes every notification on screen with its close button, as a person would, and waits until none
 * is left (axe misreads text while a toast fades; a toast may cover a button). Waiting for them to close
 * by themselves cost 4 s each.
 */
export async function notificationsGone(page: Page) {
  await page.mouse.move(0, 0);
  const toasts = page.locator('.mantine-Notification-root');
  for (let i = 0; i < 10; i++) {
    const close = toasts.locator('.mantine-Notification-closeButton');
    if (!(await close.count())) break;
    // One that is leaving already may be gone before the click lands.
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Saves a screenshot under e2e/artifacts for people to look at. CI takes none (nobody looks at them
 * there, and a full-page capture costs a second on a busy machine) unless E2E_SNAPSHOTS=1.
 */
export async function snapshot(page: Page, name: string) {
  if (process.env.CI && process.env.E2E_SNAPSHOTS !== '1') return;
  await page.screenshot({ path: path.resolve(import.meta.dirname, 'artifacts', `${name}.png`), fullPage: true });
}

/**
 * Picks a sortable row up by its grip with the keyboard, hears it announced (`announced` matches the
 * live region), and waits until the list listens for the arrow keys. dnd-kit's keyboard sensor adds its
 * key listener in a zero-delay timer after the pick-up, and Chromium handles key presses before timers:
 * an arrow pressed at once was lost on a busy CI machine. A zero timer queued now runs after the sensor's.
 */
export async function pickUpWithKeyboard(page: Page, grip: Locator, announced: RegExp) {
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: announced })).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Moves the test server's clock forward (e2e/serve.ts control port), e.g. past a checkout hold; answers its time. */
export async function advanceServerClock(minutes: number): Promise<Date> {
  // The control port is the server's port + 1 (e2e/serve.ts), for whichever server this project drives.
  const port = Number(new URL(test.info().project.use.baseURL!).port) + 1;
  const res = await fetch(`http://127.0.0.1:${port}/clock/advance`, {
    method: 'POST',
    body: JSON.stringify({ minutes }),
  });
  if (!res.ok) throw new Error(`clock control answered ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * The browser's clock set to the test server's (moved forward by earlier flows past checkout holds):
 * "today" and "the last 7 days" are then the same day for both, also near midnight.
 */
export async function browserOnServerTime(page: Page): Promise<void> {
  await page.clock.install({ time: await advanceServerClock(0) });
}

/**
 * Opens a public event page and waits until React has hydrated the server's HTML (`<html data-hydrated>`, set by
 * the page once live): a click on the server-rendered buttons before that would be lost. A state of this document,
 * not a request: waiting for the page-view beacon once took the page before's (hydrated late, under load) for this
 * one's, and a language chosen before the switcher was live was lost.
 */
export async function gotoEventPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
}

/**
 * Confirms a login's address through the real routes, as its owner would: "Resend confirmation",
 * then the mailed link. Invitations, ticket mails from the admin and messages need a confirmed address;
 * the seed leaves the demo login's unconfirmed. Does nothing when it is confirmed already.
 */
export async function confirmAddressByApi(request: APIRequestContext, login: Credentials): Promise<void> {
  const { headers } = await apiLogin(request, login);
  const me = (
    (await (await request.get('/api/users/me', { headers })).json()) as {
      data: { user: { id: number; email: string; email_verified: boolean } };
    }
  ).data.user;
  if (me.email_verified) return;
  const before = mailCount(me.email);
  const sent = await request.post(`/api/users/${me.id}/resend-email-confirmation`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = /\/manage\/profile\/confirm-email-address\/([A-Za-z0-9_-]+)/.exec(
    (await waitForMail(me.email, before)).text,
  );
  expect(link, 'a confirmation link').not.toBeNull();
  const confirmed = await request.post(`/api/users/${me.id}/confirm-email/${link![1]}`, { headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Posts to the test server's control port (e2e/serve.ts): `/orders/age`, `/messages/due`. */
export async function serverControl<T = unknown>(path: string, body: unknown): Promise<T> {
  const port = Number(new URL(test.info().project.use.baseURL!).port) + 1;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`control ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Picks a day of next month and types a time ("1800", as people type it) in the date-and-time field `label`. */
export async function pickDateTime(page: Page, scope: Locator, label: string, day: number, time: string) {
  await scope.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.locator('.mantine-DatePicker-calendarHeaderControl[data-direction="next"]').click();
  await dropdown
    .locator('button.mantine-DatePicker-day:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
  await expect(dropdown.getByRole('textbox')).toBeFocused();
  await page.keyboard.type(time.replace(':', ''));
  await page.keyboard.press('Enter');
  await expect(dropdown).toBeHidden();
}

import type { AuthResponse, CreateEventBody, EventDto, OrganizerDto, Role } from '@admitone/shared';
import { and, desc, eq, sql } from 'drizzle-orm';

import type { App } from '../src/app.js';
import { outbox, users } from '../src/db/schema/index.js';
import { type TestSmtp, testSmtpAt } from './smtp.js';
import { call } from './test-app.js';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

export const PASSWORD = 'correct horse battery';

/**
 * The token of the newest sign-up link mailed to `email`: read from the outbox row the sign-up wrote
 * while it waits to be sent; once sent (its link wiped from the row), from that very mail on the app's
 * test SMTP server.
 */
export async function signUpLinkToken(app: App, email: string): Promise<string> {
  const to = email.toLowerCase();
  const [row] = await app.deps.database.db
    .select({ id: outbox.id, payload: outbox.payload })
    .from(outbox)
    .where(and(sql`${outbox.payload}->>'to' = ${to}`, sql`${outbox.payload}->>'template' = 'signup_confirmation'`))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no sign-up link was mailed to ${to}`);
  let url = (row.payload.data as { url?: string }).url;
  if (!url) {
    const smtp = testSmtpAt(app.deps.config.smtpUrl);
    if (!smtp) throw new Error(`the sign-up mail to ${to} was sent, and not to a test SMTP server of this process`);
    url = (await smtp.waitFor(to, (m) => m.messageId === `<outbox-${row.id}@admitone>`)).text.match(
      /\/auth\/confirm-sign-up\/[A-Za-z0-9_-]+/,
    )?.[0];
  }
  const token = url && /\/auth\/confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(url)?.[1];
  if (!token) throw new Error(`no sign-up link in the mail to ${to}`);
  return token;
}

/**
 * Signs up a new user through the real routes (sign-up, then the mailed link) with their own account;
 * returns the token and what confirming answered. Their address is confirmed (they opened the link);
 * `confirmed: false` takes that back, as for a login from before sign-ups were confirmed by link.
 */
export async function registerUser(
  app: App,
  overrides: Partial<{ name: string; email: string; password: string; locale: string; confirmed: boolean }> = {},
) {
  const password = overrides.password ?? PASSWORD;
  const email = overrides.email ?? `user-${next()}@example.test`;
  const n = seq;
  // Each test user signs up from an address of its own: tests of the sign-up limit count only their own.
  const ip = `10.254.${Math.floor(n / 250) % 250}.${n % 250}`;
  const res = await call(app, 'POST', '/api/auth/register', {
    ip,
    body: {
      name: overrides.name ?? 'Ada Organizer',
      email,
      password,
      password_confirmation: password,
      accept_terms: true,
      timezone: 'Europe/Berlin',
      ...(overrides.locale ? { locale: overrides.locale } : {}),
    },
  });
  if (res.statusCode !== 202) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const confirmed = await call(app, 'POST', `/api/auth/confirm-sign-up/${await signUpLinkToken(app, email)}`, { ip });
  if (confirmed.statusCode !== 200)
    throw new Error(`confirming the sign-up failed: ${confirmed.statusCode} ${confirmed.body}`);
  const body = confirmed.json<AuthResponse>();
  if (overrides.confirmed === false) {
    await app.deps.database.db.update(users).set({ email_verified_at: null }).where(eq(users.id, body.user.id));
    body.user.email_verified = false;
  }
  return { ...body, token: body.token!, email, password };
}

export async function createOrganizer(
  app: App,
  token: string,
  overrides: Partial<OrganizerDto> = {},
): Promise<OrganizerDto> {
  const res = await call(app, 'POST', '/api/organizers', {
    token,
    body: { name: 'Blue Note Promotions', email: 'hello@bluenote.test', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`organizer failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: OrganizerDto }>().data;
}

export async function createEvent(
  app: App,
  token: string,
  organizerId: number,
  overrides: Partial<CreateEventBody> = {},
): Promise<EventDto> {
  const res = await call(app, 'POST', '/api/events', {
    token,
    body: {
      title: 'Jazz Night',
      organizer_id: organizerId,
      start_date: '2030-06-01T19:00',
      end_date: '2030-06-01T23:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`event failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: EventDto }>().data;
}

/** The token of the newest link to `path` in mails to `to` (reads the in-process SMTP server). */
export async function linkToken(smtp: TestSmtp, to: string, path: string, after = 0): Promise<string> {
  const mail = await smtp.waitFor(to, (m) => m.text.includes(path) && smtp.received.indexOf(m) >= after);
  const all = smtp.received.filter((m) => m.to.includes(to) && m.text.includes(path));
  const text = (all.at(-1) ?? mail).text;
  const match = new RegExp(`${path.replace(/[/]/g, '\\/')}([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail to ${to}`);
  return match[1]!;
}

/**
 * An admin invites a new person with a role; the person accepts with name and password. The admin's address is
 * confirmed first if it is not.
 */
export async function inviteAndAccept(
  app: App,
  smtp: TestSmtp,
  adminToken: string,
  role: Role,
  name = 'Colleague',
  eventIds?: number[],
) {
  const email = `invitee-${next()}@example.test`;
  await confirmAddress(app, smtp, { token: adminToken });
  const invited = await call(app, 'POST', '/api/users', {
    token: adminToken,
    body: { email, role, ...(eventIds ? { event_ids: eventIds } : {}) },
  });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await linkToken(smtp, email, '/auth/accept-invitation/');
  const accepted = await call(app, 'POST', `/api/auth/invitation/${token}`, {
    body: { name, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return {
    email,
    memberId: invited.json().data.id as number,
    token: accepted.json().token as string,
    invitationToken: token,
  };
}

/**
 * The caller's own membership id in their current account (the id /api/users/{id} takes), read from the team list as an
 * admin sees it.
 */
export async function ownMemberId(app: App, token: string): Promise<number> {
  const list = await call(app, 'GET', '/api/users?per_page=100', { token });
  const me = (list.json().data as Array<{ id: number; is_you: boolean }>).find((m) => m.is_you);
  if (!me) throw new Error(`no own row in the team list: ${list.statusCode} ${list.body}`);
  return me.id;
}

/**
 * Confirms the address of the user behind a session through the real routes, as the person would: a
 * confirmation link is sent ("resend confirmation") and opened. Nothing happens when it is confirmed
 * already. Invitations, ticket mails from the admin and messages need a confirmed address.
 */
export async function confirmAddress(app: App, smtp: TestSmtp, who: { token: string }) {
  const me = (await call(app, 'GET', '/api/users/me', { token: who.token })).json().data.user as {
    id: number;
    email: string;
    email_verified: boolean;
  };
  if (me.email_verified) return;
  const after = smtp.received.length;
  const sent = await call(app, 'POST', `/api/users/${me.id}/resend-email-confirmation`, { token: who.token });
  if (sent.statusCode !== 200) throw new Error(`resending the confirmation failed: ${sent.statusCode} ${sent.body}`);
  // The link of the mail just sent; an older confirmation mail still on its way may arrive after it (its link no longer
  // works).
  const tokenOf = (text: string) => /\/manage\/profile\/confirm-email-address\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const tried = new Set<string>();
  for (;;) {
    const mail = await smtp.waitFor(
      me.email,
      (m) => smtp.received.indexOf(m) >= after && !!tokenOf(m.text) && !tried.has(tokenOf(m.text)!),
    );
    const token = tokenOf(mail.text)!;
    tried.add(token);
    const res = await call(app, 'POST', `/api/users/${me.id}/confirm-email/${token}`, { token: who.token });
    if (res.statusCode === 200) return;
    if (res.json().error?.code !== 'INVALID_LINK') throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
  }
}

/** Signs up a new user and confirms their address (see `confirmAddress`). */
export async function registerConfirmedUser(
  app: App,
  smtp: TestSmtp,
  overrides: Parameters<typeof registerUser>[1] = {},
) {
  const u = await registerUser(app, overrides);
  await confirmAddress(app, smtp, u);
  return u;
}

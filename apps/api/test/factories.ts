import type { AuthResponse, CreateEventBody, EventDto, OrganizerDto } from '@admitone/shared';
import type { App } from '../src/app.js';
import { call } from './test-app.js';
import type { TestSmtp } from './smtp.js';

let seq = 0;
const next = () => `${process.pid}-${++seq}`;

export const PASSWORD = 'correct horse battery';

/** Signs up a new user with their own account; returns the token and what register answered. */
export async function registerUser(app: App, overrides: Partial<{ name: string; email: string; password: string; locale: string }> = {}) {
  const password = overrides.password ?? PASSWORD;
  const email = overrides.email ?? `user-${next()}@example.test`;
  const n = seq;
  const res = await call(app, 'POST', '/api/auth/register', {
    // Each test user signs up from an address of its own: tests of the sign-up limit count only their own.
    ip: `10.254.${Math.floor(n / 250) % 250}.${n % 250}`,
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
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<AuthResponse>();
  return { ...body, token: body.token!, email, password };
}

export async function createOrganizer(app: App, token: string, overrides: Partial<OrganizerDto> = {}): Promise<OrganizerDto> {
  const res = await call(app, 'POST', '/api/organizers', {
    token,
    body: { name: 'Blue Note Promotions', email: 'hello@bluenote.test', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`organizer failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: OrganizerDto }>().data;
}

export async function createEvent(app: App, token: string, organizerId: number, overrides: Partial<CreateEventBody> = {}): Promise<EventDto> {
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

/** An admin invites a new person with a role; the person accepts with name and password. The admin's address is confirmed first if it is not. */
export async function inviteAndAccept(app: App, smtp: TestSmtp, adminToken: string, role: 'ADMIN' | 'ORGANIZER', name = 'Colleague') {
  const email = `invitee-${next()}@example.test`;
  await confirmAddress(app, smtp, { token: adminToken });
  const invited = await call(app, 'POST', '/api/users', { token: adminToken, body: { email, role } });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await linkToken(smtp, email, '/auth/accept-invitation/');
  const accepted = await call(app, 'POST', `/api/auth/invitation/${token}`, {
    body: { name, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return { email, userId: invited.json().data.id as number, token: accepted.json().token as string, invitationToken: token };
}

/**
 * Confirms the address of the user behind a session through the real routes, as the person would: a
 * confirmation link is sent ("resend confirmation") and opened. Nothing happens when it is confirmed
 * already. Invitations, ticket mails from the admin and messages need a confirmed address.
 */
export async function confirmAddress(app: App, smtp: TestSmtp, who: { token: string }) {
  const me = (await call(app, 'GET', '/api/users/me', { token: who.token })).json().data.user as { id: number; email: string; email_verified: boolean };
  if (me.email_verified) return;
  const after = smtp.received.length;
  const sent = await call(app, 'POST', `/api/users/${me.id}/resend-email-confirmation`, { token: who.token });
  if (sent.statusCode !== 200) throw new Error(`resending the confirmation failed: ${sent.statusCode} ${sent.body}`);
  // The link of the mail just sent; an older confirmation mail still on its way may arrive after it (its link no longer works).
  const tokenOf = (text: string) => /\/manage\/profile\/confirm-email-address\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const tried = new Set<string>();
  for (;;) {
    const mail = await smtp.waitFor(me.email, (m) => smtp.received.indexOf(m) >= after && !!tokenOf(m.text) && !tried.has(tokenOf(m.text)!));
    const token = tokenOf(mail.text)!;
    tried.add(token);
    const res = await call(app, 'POST', `/api/users/${me.id}/confirm-email/${token}`, { token: who.token });
    if (res.statusCode === 200) return;
    if (res.json().error?.code !== 'INVALID_LINK') throw new Error(`confirm failed: ${res.statusCode} ${res.body}`);
  }
}

/** Signs up a new user and confirms their address (see `confirmAddress`). */
export async function registerConfirmedUser(app: App, smtp: TestSmtp, overrides: Parameters<typeof registerUser>[1] = {}) {
  const u = await registerUser(app, overrides);
  await confirmAddress(app, smtp, u);
  return u;
}

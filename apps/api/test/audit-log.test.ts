import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from '../src/db/client.js';
import { auditLog, events } from '../src/db/schema/index.js';
import { purgeAuditLog } from '../src/modules/audit/audit-log.js';
import { updateEventSettings } from '../src/modules/events/update-event-settings.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { confirmAddress, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-12-06T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

interface Line {
  action: string;
  actor: { user_id: number | null; name: string | null; api_key: string | null };
  ip: string | null;
  event: { id: number; title: string } | null;
  target: { type: string; id: string | null; label: string | null } | null;
  data: Record<string, unknown>;
}

async function log(token: string, accountId: number, query = '') {
  const res = await call(ctx.app, 'GET', `/api/accounts/${accountId}/audit-log?per_page=100${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Line[]; meta: { total: number } };
}

describe('the audit log', () => {
  it('has one line for each change an admin makes, in the transaction of the change, with who, where and what', async () => {
    const { u, event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Standard', type: 'PAID', price: 2500, quantity: 100 }],
      {
        title: 'Jazz Night',
      },
    );
    await confirmAddress(ctx.app, ctx.smtp, u);
    const accountId = u.accounts[0]!.id;
    const token = u.token;
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const act = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body?: unknown) => {
      const res = await call(ctx.app, method, url, { token, body, headers });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const before = (await log(token, accountId)).meta.total;

    await act('PUT', `/api/accounts/${accountId}`, { name: 'Blue Note Promotions', audit_retention_days: 400 });
    const member = await inviteAndAccept(ctx.app, ctx.smtp, token, 'ORGANIZER', 'Grace');
    await act('PUT', `/api/users/${member.memberId}`, { role: 'ADMIN' });
    const key = (await act('POST', '/api/api-keys', { name: 'Zapier', access: 'READ' })).json().data;
    await act('DELETE', `/api/api-keys/${key.id}`);
    await act('PUT', `/api/events/${event.id}/settings`, {
      seo_title: 'Jazz!',
      pre_checkout_message: '<p>Hi</p>',
      offline_payments_enabled: true,
    });
    await act('PUT', `/api/events/${event.id}/status`, { status: 'DRAFT' });
    await act('PUT', `/api/events/${event.id}/status`, { status: 'LIVE' });
    await act('PUT', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, {
      name: 'Standard',
      type: 'PAID',
      price: 3000,
      quantity: 80,
    });
    const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: token }, [
      { ticket_id: tickets[0]!.id, quantity: 1 },
    ]);
    const { id: orderId } = order as unknown as { id: number };
    await act('POST', `/api/events/${event.id}/orders/${orderId}/cancel`, {});
    await act('GET', `/api/events/${event.id}/attendees/export?format=csv&query=doe`);

    const lines = (await log(token, accountId)).data;
    const mine = lines.slice(0, lines.length - before);
    const actions = mine.map((l) => l.action).reverse();
    expect(actions).toEqual([
      'account.updated',
      'member.invited',
      'auth.signed_in',
      'member.updated',
      'api_key.created',
      'api_key.revoked',
      'event.settings_updated',
      'event.status_changed',
      'event.status_changed',
      'ticket.updated',
      'order.changed',
      'order.changed',
      'export.personal_data',
    ]);
    const find = (action: string, i = 0) => mine.filter((l) => l.action === action).reverse()[i]!;
    expect(find('account.updated')).toMatchObject({
      actor: { user_id: u.user.id, name: 'Ada Organizer', api_key: null },
      data: {
        name: { from: expect.any(String), to: 'Blue Note Promotions' },
        audit_retention_days: { from: 365, to: 400 },
      },
    });
    expect(find('member.updated')).toMatchObject({
      target: { type: 'member', id: String(member.memberId), label: member.email },
      data: { role: { from: 'ORGANIZER', to: 'ADMIN' } },
    });
    // The new member's own first sign-in, in this account.
    expect(find('auth.signed_in').actor.name).toBe('Grace');
    expect(find('api_key.created')).toMatchObject({
      target: { type: 'api_key', label: expect.stringMatching(/^Zapier \(a1k_.+…\)$/) },
      data: { access: 'READ' },
    });
    expect(find('event.settings_updated')).toMatchObject({
      event: { id: event.id, title: 'Jazz Night' },
      data: {
        seo_title: { from: null, to: 'Jazz!' },
        offline_payments_enabled: { from: false, to: true },
        texts: ['pre_checkout_message'],
      },
    });
    expect(find('event.status_changed', 1).data).toEqual({ status: { from: 'DRAFT', to: 'LIVE' } });
    expect(find('ticket.updated').data).toEqual({
      price: { from: 2500, to: 3000 },
      quantity: { from: 100, to: 80 },
    });
    // The organizer marked the offline order paid (placeOrder does), then cancelled it.
    expect(find('order.changed').data.kind).toBe('MARKED_PAID');
    expect(find('order.changed', 1)).toMatchObject({
      event: { id: event.id },
      target: { type: 'order', label: order.short_id },
      data: { kind: 'CANCELLED' },
    });
    expect(find('export.personal_data').data).toEqual({ kind: 'attendees', format: 'csv', filters: { query: 'doe' } });
    // The address is the client's (the test app trusts no proxy: the connection's own).
    expect(find('api_key.revoked').ip).toBe('127.0.0.1');

    // Filters: action, member, event, days.
    const byAction = await log(token, accountId, '&action=order.changed');
    expect(byAction.data.map((l) => l.data.kind)).toEqual(['CANCELLED', 'MARKED_PAID']);
    const byEvent = await log(token, accountId, `&event_id=${event.id}`);
    expect(byEvent.data.every((l) => l.event?.id === event.id)).toBe(true);
    // With the ticket's creation (made with the event, before the rest).
    expect(byEvent.meta.total).toBe(8);
    const byMember = await log(token, accountId, `&user_id=${u.user.id}`);
    expect(byMember.data.every((l) => l.actor.user_id === u.user.id)).toBe(true);
    // By the team list's id: Grace's lines only (her sign-in).
    const grace = await log(token, accountId, `&member_id=${member.memberId}`);
    expect(grace.data.map((l) => [l.action, l.actor.name])).toEqual([['auth.signed_in', 'Grace']]);
    const foreignMember = await inviteAndAccept(ctx.app, ctx.smtp, (await registerUser(ctx.app)).token, 'ORGANIZER');
    expect((await log(token, accountId, `&member_id=${foreignMember.memberId}`)).meta.total).toBe(0);
    expect((await log(token, accountId, '&from=2026-12-07')).meta.total).toBe(0);
    expect((await log(token, accountId, '&from=2026-12-06&to=2026-12-06')).meta.total).toBe(lines.length);
    const paged = await call(ctx.app, 'GET', `/api/accounts/${accountId}/audit-log?per_page=2&page=2`, { token });
    expect(paged.json().data).toHaveLength(2);
    expect(paged.json().data[0].action).toBe(lines[2]!.action);

    // The download has every line, and is itself a line.
    const csv = await call(ctx.app, 'GET', `/api/accounts/${accountId}/audit-log/export?format=csv`, { token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('When,Action,Who,API key,Address,Event,About,Details');
    expect(csv.body).toContain('ticket.updated');
    expect((await log(token, accountId, '&action=export.personal_data')).data[0]!.data.kind).toBe('audit-log');
  });

  it('records what changes what buyers pay: promo codes and taxes and fees, made, changed (only what changed) and deleted', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Standard', type: 'PAID', price: 2500 }]);
    const accountId = u.accounts[0]!.id;
    const token = u.token;
    const act = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
      const res = await call(ctx.app, method, url, { token, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const before = (await log(token, accountId)).meta.total;
    const promos = `/api/events/${event.id}/promo-codes`;
    const promo = (
      await act('POST', promos, { code: 'EARLYBIRD', discount_type: 'PERCENTAGE', discount: 10, max_uses: 50 })
    ).json().data;
    const edit = { code: 'EARLYBIRD', discount_type: 'PERCENTAGE', discount: 20, max_uses: 50 };
    await act('PUT', `${promos}/${promo.id}`, { ...edit, ticket_ids: [tickets[0]!.id] });
    await act('PUT', `${promos}/${promo.id}`, { ...edit, ticket_ids: [tickets[0]!.id] });
    await act('DELETE', `${promos}/${promo.id}`);
    const taxes = `/api/accounts/${accountId}/taxes-and-fees`;
    const vat = (
      await act('POST', taxes, { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 })
    ).json().data;
    await act('PUT', `${taxes}/${vat.id}`, { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 7 });
    await act('DELETE', `${taxes}/${vat.id}`);
    // The same code again, in another case: refused, nothing written.
    const taken = await call(ctx.app, 'POST', promos, {
      token,
      body: { code: 'vipcode', discount_type: 'NONE', discount: 0 },
    });
    expect(taken.statusCode).toBeLessThan(300);
    const twice = await call(ctx.app, 'POST', promos, {
      token,
      body: { code: 'VIPCODE', discount_type: 'NONE', discount: 0 },
    });
    expect(twice.statusCode).toBe(422);

    const lines = (await log(token, accountId)).data;
    const mine = lines.slice(0, lines.length - before).reverse();
    expect(mine.map((l) => l.action)).toEqual([
      'promo_code.created',
      'promo_code.updated',
      'promo_code.deleted',
      'tax.created',
      'tax.updated',
      'tax.deleted',
      'promo_code.created',
    ]);
    expect(mine[0]!.data).not.toHaveProperty('ticket_ids');
    expect(mine[0]).toMatchObject({
      event: { id: event.id },
      target: { type: 'promo_code', label: 'EARLYBIRD' },
      data: { code: 'EARLYBIRD', discount_type: 'PERCENTAGE', discount: 10, max_uses: 50 },
    });
    expect(mine[1]!.data).toEqual({
      discount: { from: 10, to: 20 },
      ticket_ids: { from: [], to: [tickets[0]!.id] },
    });
    expect(mine[2]!.data).toEqual({ uses: 0 });
    expect(mine[3]).toMatchObject({
      target: { type: 'tax_or_fee', label: 'VAT' },
      data: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', percentage: '19.000' },
    });
    expect(mine[4]!.data).toEqual({ percentage: { from: '19.000', to: '7.000' } });
    expect(mine[5]!.data).toEqual({ tickets: 0 });
  });

  it("is for the account's admins: an Organizer gets 403, another account 404", async () => {
    const admin = await registerUser(ctx.app);
    const organizer = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER');
    const accountId = admin.accounts[0]!.id;
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}/audit-log`, { token: organizer.token })).statusCode,
    ).toBe(403);
    const other = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}/audit-log`, { token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}/audit-log/export`, { token: other.token })).statusCode,
    ).toBe(404);
  });

  it('writes nothing for a change that rolled back, and exactly one line for one that committed', async () => {
    const { u, event } = await liveEvent(ctx.app, []);
    const accountId = u.accounts[0]!.id;
    const db = ctx.app.deps.database.db;
    const actor = { accountId, userId: u.user.id, name: 'Ada', apiKeyId: null, ip: null };
    const change = (tx: Db) =>
      updateEventSettings({ db: tx, clock }, accountId, event.id, { seo_title: 'Rolled back' }, actor);
    await expect(
      db.transaction(async (tx) => {
        await change(tx as unknown as Db);
        throw new Error('something after the change failed');
      }),
    ).rejects.toThrow('something after the change failed');
    const [row] = await db.select({ seo: events.seo_title }).from(events).where(eq(events.id, event.id));
    expect(row!.seo).toBeNull();
    expect((await log(u.token, accountId, '&action=event.settings_updated')).meta.total).toBe(0);

    await change(db);
    expect((await log(u.token, accountId, '&action=event.settings_updated')).meta.total).toBe(1);
    // A refused change (a quantity below what is sold, a bad webhook address) writes nothing either.
    const refused = await call(ctx.app, 'POST', '/api/webhooks', {
      token: u.token,
      body: { url: 'http://127.0.0.1/hook', event_types: ['order.created'] },
    });
    expect(refused.statusCode).toBe(422);
    expect((await log(u.token, accountId, '&action=webhook.created')).meta.total).toBe(0);
  });

  it('records the second factor of a member in every account they belong to', async () => {
    const admin = await registerUser(ctx.app);
    const member = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER', 'Grace');
    const setup = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp', { token: member.token });
    const { generate } = await import('otplib');
    const code = await generate({ secret: setup.json().data.secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    expect(
      (await call(ctx.app, 'POST', '/api/users/me/two-factor/totp/confirm', { token: member.token, body: { code } }))
        .statusCode,
    ).toBe(200);
    const lines = await log(admin.token, admin.accounts[0]!.id, '&action=auth.two_factor_enabled');
    expect(lines.data).toHaveLength(1);
    expect(lines.data[0]!.actor.name).toBe('Grace');
  });

  it('keeps lines as long as the account says, then deletes them', async () => {
    const keep = await registerUser(ctx.app);
    const short = await registerUser(ctx.app);
    await call(ctx.app, 'PUT', `/api/accounts/${short.accounts[0]!.id}`, {
      token: short.token,
      body: { audit_retention_days: 30 },
    });
    const tooShort = await call(ctx.app, 'PUT', `/api/accounts/${short.accounts[0]!.id}`, {
      token: short.token,
      body: { audit_retention_days: 3 },
    });
    expect(tooShort.statusCode).toBe(422);
    const db = ctx.app.deps.database.db;
    const days = (n: number) => new Date(clock.now().getTime() - n * 86_400_000);
    for (const u of [keep, short]) {
      const accountId = u.accounts[0]!.id;
      await db.insert(auditLog).values([
        { account_id: accountId, action: 'auth.signed_in', created_at: days(40) },
        { account_id: accountId, action: 'auth.signed_in', created_at: days(20) },
      ]);
    }
    await purgeAuditLog(db, clock.now());
    const left = async (u: typeof keep) =>
      (await db.select().from(auditLog).where(eq(auditLog.account_id, u.accounts[0]!.id))).filter(
        (l) => l.created_at < days(10),
      ).length;
    expect(await left(keep)).toBe(2);
    expect(await left(short)).toBe(1);
  });
});

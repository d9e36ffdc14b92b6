import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { createEvent, createOrganizer, inviteAndAccept, linkToken, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

async function setup(options: { confirmed?: boolean } = {}) {
  const u = await registerUser(ctx.app, options);
  const org = await createOrganizer(ctx.app, u.token);
  const event = await createEvent(ctx.app, u.token, org.id, {
    start_date: '2027-05-01T19:00',
    end_date: '2027-05-01T22:00',
    timezone: 'Europe/Berlin',
  });
  return { u, org, event };
}

/**
 * Confirms the address of a login that has not (from before sign-ups were confirmed by link): "send again", then the
 * link.
 */
async function confirmEmail(u: Awaited<ReturnType<typeof registerUser>>) {
  const count = ctx.smtp.received.length;
  expect(
    (await call(ctx.app, 'POST', `/api/users/${u.user.id}/resend-email-confirmation`, { token: u.token })).statusCode,
  ).toBe(200);
  const token = await linkToken(ctx.smtp, u.email, '/manage/profile/confirm-email-address/', count);
  expect(
    (await call(ctx.app, 'POST', `/api/users/${u.user.id}/confirm-email/${token}`, { token: u.token })).statusCode,
  ).toBe(200);
}

describe('editing events', () => {
  it('changes details, location and online details, sanitising HTML', async () => {
    const { u, event } = await setup();
    const res = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: {
        title: 'Jazz Night II',
        description: '<p>New <em>set</em><iframe src="x"></iframe></p>',
        is_online: true,
        online_details: '<p>Join at <a href="https://meet.example.test/x">the stream</a><script>steal()</script></p>',
        location: { venue_name: 'Blue Hall', city: 'Berlin', country: 'de' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Jazz Night II',
      slug: 'jazz-night-ii',
      description: '<p>New <em>set</em></p>',
      is_online: true,
      online_details:
        '<p>Join at <a href="https://meet.example.test/x" rel="noopener noreferrer nofollow" target="_blank">the stream</a></p>',
      location: { venue_name: 'Blue Hall', city: 'Berlin', country: 'DE', address_line_1: null },
      start_date: event.start_date,
    });
    const more = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { location: { address_line_1: 'Hauptstr. 1' } },
    });
    expect(more.json().data.location).toMatchObject({ venue_name: 'Blue Hall', address_line_1: 'Hauptstr. 1' });
  });

  it('keeps the venue’s position as a pair of degrees, rounded to six places, and clears it', async () => {
    const { u, event } = await setup();
    const put = (location: object) =>
      call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { location } });
    const half = await put({ latitude: 52.52 });
    expect(half.statusCode).toBe(422);
    expect(half.json().error.field_errors).toEqual({
      'location.longitude': ['Give both latitude and longitude, or neither.'],
    });
    const far = await put({ latitude: 91, longitude: -181 });
    expect(Object.keys(far.json().error.field_errors).sort()).toEqual(['location.latitude', 'location.longitude']);
    const set = await put({ venue_name: 'Blue Hall', latitude: 52.520008123, longitude: 13.404954 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.location).toMatchObject({
      venue_name: 'Blue Hall',
      latitude: 52.520008,
      longitude: 13.404954,
    });
    // Another part changed: the position stays; both null: gone.
    expect((await put({ city: 'Berlin' })).json().data.location).toMatchObject({
      latitude: 52.520008,
      longitude: 13.404954,
    });
    const cleared = await put({ latitude: null, longitude: null });
    expect(cleared.json().data.location).toMatchObject({ venue_name: 'Blue Hall', latitude: null, longitude: null });
  });

  it('keeps wall-clock times when only the time zone changes, and keeps the end after the start', async () => {
    const { u, event } = await setup();
    const moved = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { timezone: 'America/New_York' },
    });
    expect(moved.json().data).toMatchObject({
      timezone: 'America/New_York',
      start_date: '2027-05-01T23:00:00.000Z',
      end_date: '2027-05-02T02:00:00.000Z',
    });
    const bad = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { end_date: '2027-05-01T18:00' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field_errors).toEqual({ end_date: ['The end must be after the start.'] });
    const cleared = await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { end_date: null } });
    expect(cleared.json().data.end_date).toBeNull();
  });

  it('marks bad fields', async () => {
    const { u, event } = await setup();
    const other = await registerUser(ctx.app);
    const theirOrg = await createOrganizer(ctx.app, other.token);
    const res = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: {
        title: '',
        currency: 'ABC',
        timezone: 'Nowhere',
        description: 'x'.repeat(50_000),
        location: { country: 'XX' },
      },
    });
    expect(Object.keys(res.json().error.field_errors).sort()).toEqual([
      'currency',
      'description',
      'location.country',
      'timezone',
      'title',
    ]);
    const org = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { organizer_id: theirOrg.id },
    });
    expect(org.json().error.field_errors).toEqual({ organizer_id: ['This choice does not exist.'] });
  });

  it('goes live only with a confirmed e-mail, back to draft, archived out of the list', async () => {
    const { u, event } = await setup({ confirmed: false });
    const live = await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, {
      token: u.token,
      body: { status: 'LIVE' },
    });
    expect(live.statusCode).toBe(409);
    expect(live.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    await confirmEmail(u);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'LIVE' } })
      ).json().data.status,
    ).toBe('LIVE');
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'DRAFT' } })
      ).json().data.status,
    ).toBe('DRAFT');
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'SOLD' } }))
        .statusCode,
    ).toBe(422);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'ARCHIVED' } });
    expect((await call(ctx.app, 'GET', '/api/events', { token: u.token })).json().data).toEqual([]);
    expect(
      (await call(ctx.app, 'GET', '/api/events?filter_fields[status]=ARCHIVED', { token: u.token }))
        .json()
        .data.map((e: { id: number }) => e.id),
    ).toEqual([event.id]);
  });

  it('lets an organizer-role user do all of it', async () => {
    const { u, event } = await setup();
    const org = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'ORGANIZER');
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: org.token, body: { title: 'By the organizer' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: org.token, body: { status: 'LIVE' } }))
        .statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, { token: org.token })).statusCode).toBe(
      201,
    );
  });

  it('duplicates as a draft at the same times, with settings and a copied cover', async () => {
    const { u, event } = await setup();
    await call(ctx.app, 'PUT', `/api/accounts/${u.accounts[0]!.id}`, {
      token: u.token,
      body: { event_defaults: { order_timeout_minutes: 30 } },
    });
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { seo_title: 'Copied SEO', show_remaining_tickets: true },
    });
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('type', 'EVENT_COVER');
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'c.png');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/images`,
      headers: { authorization: `Bearer ${u.token}` },
      payload: form,
    });
    await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'LIVE' } });

    const copy = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
        token: u.token,
        body: { title: 'Jazz Night (copy)' },
      })
    ).json().data;
    expect(copy).toMatchObject({
      title: 'Jazz Night (copy)',
      status: 'DRAFT',
      start_date: event.start_date,
      end_date: event.end_date,
      timezone: event.timezone,
    });
    expect(copy.settings).toMatchObject({
      order_timeout_minutes: 15,
      seo_title: 'Copied SEO',
      show_remaining_tickets: true,
    });
    expect(copy.cover_image.url).not.toBe(
      (await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data.cover_image.url,
    );
    expect((await ctx.app.inject({ method: 'GET', url: copy.cover_image.variants.small })).statusCode).toBe(200);

    const bare = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
        token: u.token,
        body: { copy_settings: false, copy_cover_image: false },
      })
    ).json().data;
    expect(bare.cover_image).toBeNull();
    expect(bare.settings).toMatchObject({ order_timeout_minutes: 30, seo_title: null, show_remaining_tickets: false });
    expect(bare.title).toBe('Jazz Night');
  });

  it('duplicates the catalogue, re-pointing ticket links at the copies, or leaves it out', async () => {
    const { u, event } = await setup();
    const tickets = `/api/events/${event.id}/tickets`;
    const tax = (
      await call(ctx.app, 'POST', `/api/accounts/${u.accounts[0]!.id}/taxes-and-fees`, {
        token: u.token,
        body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 10 },
      })
    ).json().data;
    const a = (
      await call(ctx.app, 'POST', tickets, {
        token: u.token,
        body: { name: 'Standard', type: 'PAID', price: 1000, tax_and_fee_ids: [tax.id] },
      })
    ).json().data;
    await call(ctx.app, 'POST', tickets, {
      token: u.token,
      body: {
        name: 'Pass',
        type: 'TIERED',
        tiers: [
          { label: 'Early', price: 500 },
          { label: 'Late', price: 900 },
        ],
      },
    });
    await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 50, applies_to: 'TICKETS', ticket_ids: [a.id] },
    });
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'ONLYSTD', discount_type: 'PERCENTAGE', discount: 10, ticket_ids: [a.id] },
    });
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'ALL10', discount_type: 'PERCENTAGE', discount: 10 },
    });
    await call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
      token: u.token,
      body: { title: 'Size', type: 'DROPDOWN', options: ['S', 'M'], ticket_ids: [a.id] },
    });

    const copy = (await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, { token: u.token })).json().data;
    const get = async (path: string) =>
      (await call(ctx.app, 'GET', `/api/events/${copy.id}/${path}`, { token: u.token })).json().data;
    const copiedTickets = await get('tickets');
    expect(
      copiedTickets.map((t: { name: string; tiers: unknown[]; tax_and_fee_ids: number[] }) => [
        t.name,
        t.tiers.length,
        t.tax_and_fee_ids,
      ]),
    ).toEqual([
      ['Standard', 0, [tax.id]],
      ['Pass', 2, []],
    ]);
    const newA = copiedTickets[0].id;
    expect(newA).not.toBe(a.id);
    expect((await get('capacity-assignments'))[0]).toMatchObject({ name: 'Hall', ticket_ids: [newA] });
    expect(
      (await get('promo-codes')).map((p: { code: string; ticket_ids: number[] }) => [p.code, p.ticket_ids]).sort(),
    ).toEqual([
      ['ALL10', []],
      ['ONLYSTD', [newA]],
    ]);
    expect((await get('questions'))[0]).toMatchObject({ title: 'Size', ticket_ids: [newA] });

    const bare = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
        token: u.token,
        body: { copy_tickets: false },
      })
    ).json().data;
    const getBare = async (path: string) =>
      (await call(ctx.app, 'GET', `/api/events/${bare.id}/${path}`, { token: u.token })).json().data;
    expect(await getBare('tickets')).toEqual([]);
    // Items limited to tickets that were not copied are left out, not widened to every ticket.
    expect((await getBare('promo-codes')).map((p: { code: string }) => p.code)).toEqual(['ALL10']);
    expect(await getBare('capacity-assignments')).toEqual([]);
    expect(await getBare('questions')).toEqual([]);
    // The original is untouched.
    expect((await call(ctx.app, 'GET', tickets, { token: u.token })).json().data[0].id).toBe(a.id);
  });

  it('deletes an event with its images; other accounts get 404 everywhere', async () => {
    const { u, event } = await setup();
    const other = await setup();
    for (const [method, url, body] of [
      ['PUT', `/api/events/${other.event.id}`, { title: 'x' }],
      ['PUT', `/api/events/${other.event.id}/status`, { status: 'DRAFT' }],
      ['POST', `/api/events/${other.event.id}/duplicate`, {}],
      ['DELETE', `/api/events/${other.event.id}`, undefined],
    ] as const) {
      expect([method, url, (await call(ctx.app, method, url, { token: u.token, body })).statusCode]).toEqual([
        method,
        url,
        404,
      ]);
    }
    expect((await call(ctx.app, 'DELETE', `/api/events/${event.id}`, { token: u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/events/${other.event.id}`, { token: other.u.token })).statusCode).toBe(
      200,
    );
  });
});

describe('event settings', () => {
  it('saves e-mail, SEO, checkout and display settings and colours, sanitising messages', async () => {
    const { u, event } = await setup();
    expect(event.settings).toMatchObject({
      notify_organizer_of_new_orders: true,
      allow_search_engine_indexing: true,
      show_remaining_tickets: false,
      price_display_mode: 'EXCLUSIVE',
      seo_title: null,
    });
    const res = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: {
        order_timeout_minutes: 25,
        support_email: 'Tickets@Venue.test',
        notify_organizer_of_new_orders: false,
        seo_title: 'Jazz Night in Berlin',
        seo_description: 'Live jazz.',
        seo_keywords: 'jazz, berlin',
        allow_search_engine_indexing: false,
        pre_checkout_message: '<p>Doors at 7<script>x()</script></p>',
        post_checkout_message: '<p>See you there!</p>',
        show_remaining_tickets: true,
        price_display_mode: 'INCLUSIVE',
        cover_display: 'BLURRED_BACKGROUND',
        colors: { background: '#000000', ticket_widget_background: '#fafafa' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toMatchObject({
      order_timeout_minutes: 25,
      support_email: 'tickets@venue.test',
      notify_organizer_of_new_orders: false,
      seo_title: 'Jazz Night in Berlin',
      allow_search_engine_indexing: false,
      pre_checkout_message: '<p>Doors at 7</p>',
      post_checkout_message: '<p>See you there!</p>',
      show_remaining_tickets: true,
      price_display_mode: 'INCLUSIVE',
      cover_display: 'BLURRED_BACKGROUND',
      colors: { background: '#000000', primary: '#6d28d9', ticket_widget_background: '#fafafa' },
    });
  });

  it('marks bad settings', async () => {
    const { u, event } = await setup();
    const res = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: {
        order_timeout_minutes: 0,
        support_email: 'x',
        seo_title: 't'.repeat(71),
        price_display_mode: 'BOTH',
        colors: { text: 'black' },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors).sort()).toEqual([
      'colors.text',
      'order_timeout_minutes',
      'price_display_mode',
      'seo_title',
      'support_email',
    ]);
    const other = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, { token: other.token, body: { seo_title: 'x' } }))
        .statusCode,
    ).toBe(404);
  });
});

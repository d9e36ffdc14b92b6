import type { PublicEventDto, PublicOrderDto } from '@admitone/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const GERMAN = {
  event: {
    title: 'Sommerkonzert',
    description: '<p>Ein Abend am See<script>alert(1)</script></p>',
    pre_checkout_message: null,
    post_checkout_message: '<p>Bis bald!</p>',
  },
};

/** A live event with a ticket, a dropdown question, and German texts for all three. */
async function translated() {
  const setup = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE', description: '<p>On the lawn</p>' }], {
    title: 'Summer concert',
    description: '<p>An evening by the lake</p>',
  });
  const { u, event, tickets } = setup;
  await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token: u.token,
    body: { pre_checkout_message: '<p>Bring a blanket</p>', post_checkout_message: '<p>See you soon!</p>' },
  });
  const question = (
    await call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
      token: u.token,
      body: {
        title: 'Meal',
        type: 'DROPDOWN',
        options: ['Fish', 'Vegetarian'],
        required: true,
        applies_to: 'ORDER',
        ticket_ids: [],
      },
    })
  ).json().data;
  const saved = await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/de`, {
    token: u.token,
    body: {
      ...GERMAN,
      tickets: [{ id: tickets[0]!.id, name: 'Stehplatz', description: '' }],
      questions: [{ id: question.id, title: 'Essen', description: null, options: ['Fisch', ''] }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...setup, question, saved: saved.json().data };
}

const publicIn = async (eventId: number, headers: Record<string, string>) =>
  (await call(ctx.app, 'GET', `/api/public/events/${eventId}`, { headers })).json<{ data: PublicEventDto }>().data;

describe('organizer content in other languages', () => {
  it('are stored per language, sanitised, and listed with the texts as written', async () => {
    const { saved, tickets, question } = await translated();
    expect(saved.locales).toEqual(['de']);
    expect(saved.event.original).toMatchObject({
      title: 'Summer concert',
      pre_checkout_message: '<p>Bring a blanket</p>',
    });
    expect(saved.event.translations.de).toEqual({
      title: 'Sommerkonzert',
      description: '<p>Ein Abend am See</p>',
      pre_checkout_message: null,
      post_checkout_message: '<p>Bis bald!</p>',
    });
    expect(saved.tickets).toEqual([
      {
        id: tickets[0]!.id,
        original: { name: 'Standing', description: '<p>On the lawn</p>' },
        translations: { de: { name: 'Stehplatz', description: null } },
      },
    ]);
    expect(saved.questions[0]).toMatchObject({
      id: question.id,
      original: { title: 'Meal', options: ['Fish', 'Vegetarian'] },
      translations: { de: { title: 'Essen', options: ['Fisch', ''] } },
    });
  });

  it('are what a visitor in that language reads in the event’s data (the page, the widget); others read them as written', async () => {
    const { event, tickets } = await translated();
    const de = await publicIn(event.id, { cookie: 'admitone_locale=de' });
    expect(de).toMatchObject({ title: 'Sommerkonzert', description: '<p>Ein Abend am See</p>' });
    // A field left blank falls back to the text as written.
    expect(de.settings.pre_checkout_message).toBe('<p>Bring a blanket</p>');
    expect(de.tickets[0]).toMatchObject({ id: tickets[0]!.id, name: 'Stehplatz', description: '<p>On the lawn</p>' });
    const fr = await publicIn(event.id, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(fr).toMatchObject({ title: 'Summer concert', tickets: [{ name: 'Standing' }] });
  });

  it('follow the buyer through checkout: ticket line, questions (answers keep the option as written), order page, mail', async () => {
    const { event, tickets, question } = await translated();
    const res = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], locale: 'de' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
    const order = answer.data;
    expect(order.items[0]!.ticket_name).toBe('Stehplatz');
    expect(order.event.title).toBe('Sommerkonzert');
    expect(order.questions[0]).toMatchObject({
      id: question.id,
      title: 'Essen',
      options: ['Fish', 'Vegetarian'],
      option_labels: ['Fisch', 'Vegetarian'],
    });

    const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${order.short_id}/details`, {
      headers: buyerHeaders(answer),
      body: details(order, { email: 'lena@example.test', locale: 'de', answers: { [question.id]: 'Fish' } }),
    });
    expect(done.statusCode, done.body).toBe(200);
    const completed = done.json<{ data: PublicOrderDto }>().data;
    expect(completed).toMatchObject({
      status: 'COMPLETED',
      event: { title: 'Sommerkonzert', post_checkout_message: '<p>Bis bald!</p>' },
    });
    const mail = await ctx.smtp.waitFor('lena@example.test', (m) => m.text.includes('Sommerkonzert'));
    expect(mail.text).toContain('Stehplatz');

    // An English buyer of the same event: everything as written.
    const en = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], locale: 'en' });
    expect(en.json().data).toMatchObject({
      items: [{ ticket_name: 'Standing' }],
      event: { title: 'Summer concert' },
      questions: [{ title: 'Meal', option_labels: ['Fish', 'Vegetarian'] }],
    });
  });

  it('change what visitors read at once, a language left blank disappears, and only the event’s own tickets are taken', async () => {
    const { u, event, tickets, question } = await translated();
    expect((await publicIn(event.id, { cookie: 'admitone_locale=de' })).title).toBe('Sommerkonzert');
    const blank = {
      event: { title: '', description: null, pre_checkout_message: null, post_checkout_message: null },
      tickets: [{ id: tickets[0]!.id, name: null, description: null }],
      questions: [{ id: question.id, title: null, description: null, options: [] }],
    };
    const cleared = await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/de`, {
      token: u.token,
      body: blank,
    });
    expect(cleared.json().data.locales).toEqual([]);
    expect((await publicIn(event.id, { cookie: 'admitone_locale=de' })).title).toBe('Summer concert');

    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    const foreign = await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/fr`, {
      token: u.token,
      body: { ...blank, tickets: [{ id: other.tickets[0]!.id, name: 'Ailleurs' }] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.field_errors).toEqual({ 'tickets.0.id': ['This choice does not exist.'] });
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/translations`, { token: other.u.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/xx`, { token: u.token, body: blank }))
        .statusCode,
    ).toBe(422);
    const long = await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/fr`, {
      token: u.token,
      body: { ...blank, event: { ...blank.event, title: 'x'.repeat(200) } },
    });
    expect(Object.keys(long.json().error.field_errors)).toEqual(['event.title']);
  });
});

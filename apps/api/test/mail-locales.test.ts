import { readFileSync } from 'node:fs';
import path from 'node:path';

import { type Locale, LOCALES } from '@admitone/shared';
import { formatter } from '@lingui/format-po';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadCatalogs } from '../src/i18n/i18n.js';
import { renderMail, type TemplateData, type TemplateName } from '../src/mail/templates/index.js';
import type { RenderedMail } from '../src/mail/templates/layout.js';
import type { OrderMailEvent } from '../src/mail/templates/order-mail-parts.js';

/**
 * Every mail template, in every language, with realistic data: an evening event in Los Angeles (its
 * local date is the day before the UTC one), a paid order of €1,234.50 in EUR. Each translation must
 * differ from English, hold no sentence of the English catalog, show money and the event's date the
 * way the language writes them, in the event's time zone.
 */

const templatesDir = path.resolve(import.meta.dirname, '../src/mail/templates');
const localesDir = path.resolve(import.meta.dirname, '../src/locales');

const event: OrderMailEvent = {
  title: 'Harbor Lights Jazz Night',
  // 18:30 on Friday 12 March 2027 in Los Angeles (PST, UTC-8) is 02:30 on Saturday 13 March in UTC.
  start_date: '2027-03-13T02:30:00.000Z',
  end_date: '2027-03-13T06:00:00.000Z',
  timezone: 'America/Los_Angeles',
  is_online: false,
  location: {
    venue_name: 'The Blue Room',
    address_line_1: '500 Harbor Blvd',
    address_line_2: null,
    city: 'Los Angeles',
    state_or_region: 'CA',
    zip_or_postal_code: '90731',
    country: 'US',
    latitude: null,
    longitude: null,
  },
  organizer_name: 'Blue Note Promotions',
  support_email: 'help@bluenote.test',
  footer_message: null,
};
const TOTAL = 123_450; // €1,234.50
const totals = { subtotal: 120_000, discount: 12_000, fees: 3_450, taxes: 12_000, total: TOTAL };
const lines = [
  { ticket_name: 'Front row', tier_label: 'Early bird', quantity: 2, amount: 80_000 },
  { ticket_name: 'Standing', tier_label: null, quantity: 4, amount: 40_000 },
];
const ticket = {
  event: { ...event, url: 'http://admitone.test/event/7/harbor-lights-jazz-night' },
  attendee: {
    short_id: 'a7Kx92Qb',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.test',
    ticket_name: 'Front row',
    tier_label: 'Early bird',
  },
  order: { order_number: 'HLJ-1042', currency: 'EUR' },
  price: TOTAL,
  ticket_url: 'http://admitone.test/ticket/7/a7Kx92Qb',
};
const order = {
  buyer_name: 'Grace',
  order_number: 'HLJ-1042',
  event,
  order_url: 'http://admitone.test/order/7/HLJ-1042',
};

interface Case<K extends TemplateName = TemplateName> {
  name: string;
  template: K;
  data: TemplateData[K];
  /** Shows the total (or the refunded amount) in EUR. */
  money?: boolean;
  /** Shows the event's start date. */
  date?: boolean;
  /** The organizer writes the subject: it may read the same in these languages. */
  sameSubjectIn?: readonly Locale[];
}
const c = <K extends TemplateName>(x: Case<K>) => x as unknown as Case;

const CASES: Case[] = [
  c({
    name: 'password reset',
    template: 'password_reset',
    data: { name: 'Grace', url: 'http://admitone.test/auth/reset-password/abc', minutes: 60 },
  }),
  c({
    name: 'invitation (admin)',
    template: 'invitation',
    data: {
      inviter: 'Ada Lovelace',
      account: 'Blue Note Promotions',
      role: 'ADMIN',
      url: 'http://admitone.test/auth/accept-invitation/abc',
      days: 7,
    },
  }),
  c({
    name: 'invitation (organizer)',
    template: 'invitation',
    data: {
      inviter: 'Ada Lovelace',
      account: 'Blue Note Promotions',
      role: 'ORGANIZER',
      url: 'http://admitone.test/auth/accept-invitation/abc',
      days: 7,
    },
  }),
  c({
    name: 'e-mail confirmation',
    template: 'email_confirmation',
    data: { name: 'Grace', url: 'http://admitone.test/auth/confirm-email/abc', days: 2 },
  }),
  c({
    name: 'sign-up confirmation',
    template: 'signup_confirmation',
    data: { email: 'grace@example.test', url: 'http://admitone.test/auth/confirm-sign-up/abc', hours: 24 },
  }),
  c({
    name: 'sign-up of a registered address',
    template: 'signup_existing_login',
    data: {
      name: 'Grace',
      email: 'grace@example.test',
      login_url: 'http://admitone.test/auth/login',
      reset_url: 'http://admitone.test/auth/forgot-password',
    },
  }),
  c({
    name: 'login changed: password',
    template: 'login_changed',
    data: {
      change: 'password',
      name: 'Grace',
      old: 'grace@example.test',
      at: '2026-12-06T10:00:00Z',
      url: 'http://admitone.test/auth/forgot-password',
      api_keys: [{ name: 'Zapier', prefix: 'a1k_AbCd', account: 'Blue Note', created_at: '2026-11-01T09:00:00Z' }],
    },
  }),
  c({
    name: 'login changed: a recovery code used',
    template: 'login_changed',
    data: {
      change: 'recovery_code_used',
      left: 1,
      name: 'Grace',
      old: 'grace@example.test',
      at: '2026-12-06T10:00:00Z',
      url: 'http://admitone.test/auth/forgot-password',
    },
  }),
  c({
    name: 'login changed: two-factor sign-in reset by an admin',
    template: 'login_changed',
    data: {
      change: 'two_factor_reset',
      by: 'Ada Lovelace',
      account: 'Blue Note Promotions',
      name: 'Grace',
      old: 'grace@example.test',
      at: '2026-12-06T10:00:00Z',
      url: 'http://admitone.test/auth/forgot-password',
    },
  }),
  c({
    name: 'login changed: a passkey added',
    template: 'login_changed',
    data: {
      change: 'passkey_added',
      passkey: 'Work laptop',
      name: 'Grace',
      old: 'grace@example.test',
      at: '2026-12-06T10:00:00Z',
      url: 'http://admitone.test/auth/forgot-password',
    },
  }),
  c({
    name: 'e-mail change',
    template: 'email_change',
    data: {
      name: 'Grace',
      old: 'grace@example.test',
      new: 'grace@hopper.test',
      url: 'http://admitone.test/auth/confirm-email-change/abc',
      hours: 48,
    },
  }),
  c({
    name: 'order confirmation (completed)',
    template: 'order_confirmation',
    money: true,
    date: true,
    data: {
      ...order,
      status: 'COMPLETED',
      currency: 'EUR',
      lines,
      totals,
      promo_code: 'EARLY10',
      offline_payment_instructions: null,
    },
  }),
  c({
    name: 'order confirmation (awaiting payment)',
    template: 'order_confirmation',
    money: true,
    date: true,
    data: {
      ...order,
      status: 'AWAITING_PAYMENT',
      currency: 'EUR',
      lines,
      totals: { ...totals, discount: 0, subtotal: 108_000 },
      promo_code: null,
      offline_payment_instructions: '<p>IBAN DE89 3704 0044 0532 0130 00</p>',
    },
  }),
  c({
    name: 'attendee ticket',
    template: 'attendee_ticket',
    date: true,
    data: { ticket, event_slug: 'harbor-lights-jazz-night', footer_message: null, online_details: null },
  }),
  c({
    name: 'attendee ticket (online)',
    template: 'attendee_ticket',
    data: {
      ticket: { ...ticket, event: { ...ticket.event, is_online: true } },
      event_slug: 'harbor-lights-jazz-night',
      footer_message: null,
      online_details: '<p>https://meet.example.test/harbor</p>',
    },
  }),
  c({
    name: 'organizer new order (completed)',
    template: 'organizer_new_order',
    money: true,
    data: {
      event_title: event.title,
      order_number: 'HLJ-1042',
      buyer_name: 'Grace Hopper',
      buyer_email: 'grace@example.test',
      ticket_count: 6,
      currency: 'EUR',
      total: TOTAL,
      status: 'COMPLETED',
      manage_url: 'http://admitone.test/manage/event/7/orders',
    },
  }),
  c({
    name: 'organizer new order (one ticket, awaiting payment)',
    template: 'organizer_new_order',
    money: true,
    data: {
      event_title: event.title,
      order_number: 'HLJ-1042',
      buyer_name: 'Grace Hopper',
      buyer_email: 'grace@example.test',
      ticket_count: 1,
      currency: 'EUR',
      total: TOTAL,
      status: 'AWAITING_PAYMENT',
      manage_url: 'http://admitone.test/manage/event/7/orders',
    },
  }),
  c({
    name: 'find my tickets (event)',
    template: 'order_lookup',
    data: {
      url: 'http://admitone.test/find-tickets/7/abc',
      hours: 24,
      event_title: event.title,
      organizer_name: 'Blue Note Promotions',
      scope: 'EVENT',
      orders: [{ event_title: event.title, order_number: 'HLJ-1042' }],
      more: 0,
    },
  }),
  c({
    name: 'find my tickets (organizer)',
    template: 'order_lookup',
    data: {
      url: 'http://admitone.test/find-tickets/7/abc',
      hours: 24,
      event_title: event.title,
      organizer_name: 'Blue Note Promotions',
      scope: 'ORGANIZER',
      orders: [{ event_title: event.title, order_number: 'HLJ-1042' }],
      more: 3,
    },
  }),
  c({
    name: 'waitlist joined',
    template: 'waitlist_joined',
    data: {
      first_name: 'Grace',
      event_title: event.title,
      ticket_name: 'Front row',
      quantity: 2,
      position: 3,
      entry_url: 'http://admitone.test/waitlist/7/abc',
    },
  }),
  c({
    name: 'waitlist offer',
    template: 'waitlist_offer',
    data: {
      first_name: 'Grace',
      event_title: event.title,
      ticket_name: 'Front row',
      quantity: 1,
      checkout_url: 'http://admitone.test/checkout/7/X/details#token=a&secret=b',
      entry_url: 'http://admitone.test/waitlist/7/abc',
      expires_at: '2027-06-01T17:00:00.000Z',
      timezone: 'Europe/Berlin',
    },
  }),
  c({ name: 'order cancelled', template: 'order_cancelled', date: true, data: order }),
  c({
    name: 'order cancelled (no order page)',
    template: 'order_cancelled',
    date: true,
    data: { ...order, order_url: null },
  }),
  c({
    name: 'payment received',
    template: 'payment_received',
    money: true,
    date: true,
    data: { ...order, currency: 'EUR', total: TOTAL },
  }),
  c({
    name: 'order refunded',
    template: 'order_refunded',
    money: true,
    data: { ...order, currency: 'EUR', amount: TOTAL, cancelled: false },
  }),
  c({
    name: 'order refunded and cancelled',
    template: 'order_refunded',
    money: true,
    data: { ...order, currency: 'EUR', amount: TOTAL, cancelled: true },
  }),
  c({
    name: 'late payment refunded',
    template: 'order_refunded',
    money: true,
    data: { ...order, currency: 'EUR', amount: TOTAL, cancelled: true, late: true },
  }),
  c({
    name: 'event message',
    template: 'event_message',
    sameSubjectIn: LOCALES,
    data: {
      subject: 'Doors open at 18:00',
      body: '<p>Doors open at 18:00.</p>',
      event_title: event.title,
      organizer_name: 'Blue Note Promotions',
      support_email: 'help@bluenote.test',
      footer_message: null,
      is_test: false,
    },
  }),
  c({
    name: 'event message (test)',
    template: 'event_message',
    // "[Test]" is German and French too.
    sameSubjectIn: ['de', 'fr'],
    data: {
      subject: 'Doors open at 18:00',
      body: '<p>Doors open at 18:00.</p>',
      event_title: event.title,
      organizer_name: 'Blue Note Promotions',
      support_email: 'help@bluenote.test',
      footer_message: null,
      is_test: true,
    },
  }),
  c({
    name: 'reminder before the date',
    template: 'event_reminder',
    date: true,
    data: {
      name: { first_name: 'Grace', last_name: 'Hopper' },
      event,
      event_url: 'http://admitone.test/event/7/harbor-lights-jazz-night',
      event_slug: 'harbor-lights-jazz-night',
      tickets: [
        {
          short_id: 'a7Kx92Qb',
          ticket_name: 'Front row',
          tier_label: 'Early bird',
          first_name: 'Grace',
          last_name: 'Hopper',
          url: 'http://admitone.test/ticket/7/a7Kx92Qb',
        },
      ],
      message: 'Doors open at 18:00.',
      ticket_texts: [{ ticket_name: 'Front row', text: 'Use the side entrance.' }],
      map_url: 'https://www.openstreetmap.org/search?query=500%20Harbor%20Blvd',
      action_url: 'http://admitone.test/ticket/7/a7Kx92Qb',
      sender: null,
    },
  }),
  c({
    name: 'abandoned checkout',
    template: 'checkout_recovery',
    date: true,
    data: {
      name: { first_name: 'Grace', last_name: 'Hopper' },
      event,
      lines: [{ ticket_name: 'Front row', tier_label: null, quantity: 2 }],
      message: null,
      recover_url: 'http://admitone.test/event/7/harbor-lights-jazz-night?recover=abc',
      unsubscribe: {
        page_url: 'http://admitone.test/unsubscribe/abc',
        one_click_url: 'http://admitone.test/api/public/unsubscribe/abc',
      },
      sender: null,
    },
  }),
  c({
    name: 'follow-up after the date',
    template: 'event_follow_up',
    date: true,
    data: {
      name: { first_name: 'Grace', last_name: 'Hopper' },
      event,
      message: 'The photos are online.',
      link_url: 'https://survey.example.test/harbor',
      unsubscribe: {
        page_url: 'http://admitone.test/unsubscribe/abc',
        one_click_url: 'http://admitone.test/api/public/unsubscribe/abc',
      },
      sender: null,
    },
  }),
];

/** €1,234.50 as each language writes it (spaces normalised: Intl uses no-break spaces). */
const MONEY: Record<Locale, string> = {
  en: '€1,234.50',
  de: '1.234,50 €',
  fr: '1 234,50 €',
  es: '1234,50 €',
  pt: '1234,50 €',
  'pt-BR': '€ 1.234,50',
  'zh-CN': '€1,234.50',
};
/** Friday 12 March 2027, 18:30 in Los Angeles. */
const DATE: Record<Locale, [string, string]> = {
  en: ['Friday, March 12, 2027', '6:30'],
  de: ['Freitag, 12. März 2027', '18:30'],
  fr: ['vendredi 12 mars 2027', '18:30'],
  es: ['viernes, 12 de marzo de 2027', '18:30'],
  pt: ['sexta-feira, 12 de março de 2027', '18:30'],
  'pt-BR': ['sexta-feira, 12 de março de 2027', '18:30'],
  'zh-CN': ['2027年3月12日星期五', '18:30'],
};

/**
 * Words of the English catalog that are the same in a language (and so may appear in it):
 * proper nouns and true cognates only.
 */
const SAME_IN: Record<string, Locale[]> = {
  AdmitOne: ['de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'],
  UTC: ['de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'],
  Total: ['fr', 'es', 'pt', 'pt-BR'],
  Taxes: ['fr'],
  Subtotal: ['es', 'pt', 'pt-BR'],
  '[Test]': ['de', 'fr'],
};

const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const NON_EN = LOCALES.filter((l) => l !== 'en');

/** The literal pieces of an ICU message (placeholders and plural branches cut out), trimmed of punctuation. */
function literalPieces(message: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of message) {
    if (ch === '{') {
      if (depth === 0) pieces.push(current);
      current = depth === 0 ? '' : current;
      depth++;
    } else if (ch === '}') depth--;
    else if (depth === 0) current += ch;
  }
  pieces.push(current);
  return pieces
    .map((p) => p.trim().replace(/^[\s,.:;()!?–-]+|[\s,.:;()!?–-]+$/g, ''))
    .filter((p) => /\p{L}{3}/u.test(p));
}

/** English msgstrs of the messages each template file (and the shared layout and order parts it uses) holds. */
let englishByFile: Map<string, string[]>;
beforeAll(async () => {
  await loadCatalogs();
  const po = formatter({ explicitIdAsDefault: true });
  const catalog = await po.parse(readFileSync(path.join(localesDir, 'en/messages.po'), 'utf8'), {
    locale: 'en',
    sourceLocale: 'en',
    filename: 'en/messages.po',
  });
  englishByFile = new Map();
  for (const entry of Object.values(catalog)) {
    for (const [file] of entry.origin ?? []) {
      const base = path.basename(file);
      if (!file.startsWith('apps/api/src/mail/templates/')) continue;
      englishByFile.set(base, [...(englishByFile.get(base) ?? []), entry.translation as string]);
    }
  }
});

function englishPiecesOf(template: TemplateName): string[] {
  const file = `${template.replace(/_/g, '-')}.ts`;
  const source = readFileSync(path.join(templatesDir, file), 'utf8');
  const files = [
    file,
    'layout.ts',
    ...(source.includes('./order-mail-parts.js') ? ['order-mail-parts.ts'] : []),
    ...(source.includes('./automation-parts.js') ? ['automation-parts.ts'] : []),
  ];
  const messages = files.flatMap((f) => englishByFile.get(f) ?? []);
  expect(messages.length).toBeGreaterThan(1);
  return [...new Set(messages.flatMap(literalPieces))];
}

/** `piece` appears in `text` as words of its own (not "on AdmitOne" inside "von AdmitOne"). */
const says = (text: string, piece: string) =>
  new RegExp(
    `(?<![A-Za-z\\u00c0-\\u024f])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z\\u00c0-\\u024f])`,
  ).test(text);

const render = (cs: Case, locale: Locale) => renderMail(cs.template, locale, cs.data);
const visible = (m: RenderedMail) => norm(`${m.subject}\n${m.text}\n${m.html}`);

describe.each(CASES)('the $name mail', (cs) => {
  it('is translated in every language: subject and text differ from English, no English sentence is left', async () => {
    const en = await render(cs, 'en');
    const pieces = englishPiecesOf(cs.template);
    // The pieces come from what the English rendering says (the check would be empty otherwise).
    expect(pieces.filter((p) => says(visible(en), p) || says(en.text, p.toUpperCase())).length).toBeGreaterThan(0);
    for (const locale of NON_EN) {
      const mail = await render(cs, locale);
      if (!cs.sameSubjectIn?.includes(locale)) expect(mail.subject, `${locale} subject`).not.toBe(en.subject);
      expect(mail.text, `${locale} text`).not.toBe(en.text);
      const shown = visible(mail);
      const leftovers = pieces.filter(
        (p) => !SAME_IN[p]?.includes(locale) && (says(shown, p) || says(shown, p.toUpperCase())),
      );
      expect(leftovers, `${locale}: English left in "${cs.name}"`).toEqual([]);
      expect(mail.html).toContain(`<html lang="${locale}">`);
    }
  });
});

describe.each(CASES.filter((cs) => cs.money))('the $name mail', (cs) => {
  it('shows €1,234.50 the way each language writes it', async () => {
    for (const locale of LOCALES) {
      const mail = await render(cs, locale);
      expect(norm(mail.text), locale).toContain(MONEY[locale]);
    }
  });
});

describe.each(CASES.filter((cs) => cs.date))('the $name mail', (cs) => {
  it("shows the event's date and time in the event's time zone, in each language", async () => {
    for (const locale of LOCALES) {
      const text = norm((await render(cs, locale)).text);
      const [date, time] = DATE[locale];
      expect(text, locale).toContain(date);
      expect(text, locale).toContain(time);
      // Not the UTC day (Saturday the 13th) nor the UTC time (02:30).
      expect(text, locale).not.toMatch(/\b13\b|2:30/);
    }
  });
});

describe('German e-mails', () => {
  it('say "Sie", never "du", the same as the screens (#38)', async () => {
    for (const cs of CASES) {
      const { subject, text } = await render(cs, 'de');
      expect(`${subject}\n${text}`, cs.name).not.toMatch(
        /(?<![\p{L}\p{N}])(du|dich|dir|dein(e[mnrs]?)?|euch|euer|eure[mnrs]?)(?![\p{L}\p{N}])/iu,
      );
    }
    // The buyer is addressed politely: "Ihre Bestellung", "Ihr Ticket".
    expect(
      (
        await render(
          CASES.find((x) => x.name === 'order confirmation (completed)')!,
          'de',
        )
      ).text,
    ).toMatch(/Danke für Ihre Bestellung! Ihre Bestellung HLJ-1042/);
    expect(
      (
        await render(
          CASES.find((x) => x.name === 'attendee ticket')!,
          'de',
        )
      ).subject,
    ).toBe('Ihr Ticket für Harbor Lights Jazz Night');
  });
});

describe('Chinese e-mails', () => {
  it('say 您, never 你 (#38)', async () => {
    for (const cs of CASES) {
      const { subject, text } = await render(cs, 'zh-CN');
      expect(`${subject}\n${text}`, cs.name).not.toContain('你');
    }
  });
});

describe('the attendee ticket mail in Chinese', () => {
  it('attaches a PDF drawn with the bundled Chinese font (and an English one without it)', async () => {
    const cs = CASES.find((x) => x.template === 'attendee_ticket')!;
    const pdfOf = async (locale: Locale) =>
      (await render(cs, locale)).attachments!.find((a) => a.contentType === 'application/pdf')!.content as Buffer;
    const zh = await pdfOf('zh-CN');
    expect(zh.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Regular/);
    expect(zh.length).toBeLessThan(1024 * 1024);
    expect((await pdfOf('en')).toString('latin1')).not.toContain('NotoSansHans');
  });
});

/**
 * Every mail's HTML passes an HTML check (html-validate): well formed, no duplicate ids, images with alt text, links
 * with text. The rules mail HTML must break are off: layout tables with width and cellpadding attributes and inline
 * styles are what mail apps render.
 */
describe('the HTML of every mail', () => {
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      'no-inline-style': 'off',
      'no-deprecated-attr': 'off',
      'prefer-tbody': 'off',
      'no-trailing-whitespace': 'off',
      'wcag/h63': 'off',
      'attribute-boolean-style': 'off',
      'long-title': 'off',
      'presentation-role-style': 'off',
      'doctype-style': 'off',
    },
  });
  it.each(CASES)('$name passes the HTML check', async (cs) => {
    const mail = await render(cs, 'en');
    const report = await validator.validateString(mail.html);
    const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`));
    expect(problems).toEqual([]);
  });
});

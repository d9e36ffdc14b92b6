import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type APIRequestContext, expect, type Frame, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';

import { fakeCameraUse, writeFakeCamera } from './fake-camera';
import { appOrigin, loginWithForm } from './fixtures';
import { signUpByApi, snapshot, uniqueEmail } from './support';

/**
 * Issue #9, checked in the browser: organizer HTML (and plain text) with scripts, event handlers and
 * javascript: links is neutralised on every page that shows it, and every page is served with the
 * security headers and a strict Content-Security-Policy that nothing on the page violates.
 */

const PASSWORD = 'xss-organizer-pass-1';

// The check-in scanner runs on Chromium's fake camera (as in check-in.spec.ts).
test.use(fakeCameraUse);

/**
 * Hostile organizer HTML for one field: harmless formatting and an https link that must survive, and
 * the usual ways to run script (elements, handlers, javascript:/data: URLs, attribute break-outs,
 * CSS, mutation-XSS parser tricks). Every way to run script sets `window.__xss` or opens a dialog.
 */
const rich = (tag: string) =>
  [
    `<p><b>${tag} bold</b> and <a href="https://example.test/${tag}">${tag} safe link</a></p>`,
    `<script>window.__xss = 'script ${tag}'</script>`,
    `<img src="x" onerror="window.__xss = 'img ${tag}'; alert(1)">`,
    `<a href="javascript:window.__xss = 'href ${tag}'">${tag} js link</a>`,
    `<a href=" JaVaScRiPt:window.__xss = 'mixed ${tag}'">${tag} mixed link</a>`,
    `<a href="&#106;avascript:window.__xss = 'entity ${tag}'">${tag} entity link</a>`,
    `<a href="data:text/html,<script>alert(1)</script>">${tag} data link</a>`,
    `<svg onload="window.__xss = 'svg ${tag}'"><circle r="1"/></svg>`,
    `<iframe srcdoc="<script>parent.__xss = 'iframe ${tag}'</script>"></iframe>`,
    `"><script>window.__xss = 'breakout ${tag}'</script><p title="x" onmouseover="window.__xss = 'hover ${tag}'">${tag} hover</p>`,
    `<style>body { background: url("javascript:window.__xss = 'style ${tag}'") }</style>`,
    `<p style="background-image: url(javascript:window.__xss='inline style ${tag}')">${tag} styled</p>`,
    `<details open ontoggle="window.__xss = 'toggle ${tag}'"><summary>${tag} details</summary></details>`,
    `<form action="javascript:window.__xss = 'form ${tag}'"><button formaction="javascript:window.__xss = 'formaction ${tag}'">${tag} form button</button></form>`,
    `<object data="javascript:window.__xss = 'object ${tag}'"></object><embed src="javascript:window.__xss = 'embed ${tag}'">`,
    `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 'mxss ${tag}'"></style></mglyph></table></mtext></math>`,
    `<noscript><p title="</noscript><img src=x onerror=window.__xss='noscript ${tag}'>"></p></noscript>`,
    `<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=javascript:window.__xss = 'meta ${tag}'">`,
  ].join('\n');

/** Plain-text fields (titles, names, answers) with markup: shown as text, never parsed. */
const PLAIN = `"><img src=x onerror=alert(1)>`;
const PLAIN_LONG = `Gala ${PLAIN}<script>alert(2)</script>`;

interface CheckoutRef {
  short: string;
  token: string;
  /** The order's secret: the order pages need it (`#secret=` in the address). */
  secret: string;
}

interface World {
  email: string;
  headers: Record<string, string>;
  eventId: number;
  slug: string;
  organizerId: number;
  /** A completed free order (post-checkout message, online details), its attendee's ticket code. */
  free: CheckoutRef & { attendee: string };
  /** An order awaiting an offline payment (payment instructions). */
  offline: CheckoutRef;
  /** A paid order with details given, at the payment step. */
  paying: CheckoutRef;
  orderId: number;
  attendeeId: number;
  messageSubject: string;
  coverUrl: string;
}

async function reserve(
  request: APIRequestContext,
  eventId: number,
  ticketId: number,
  total: number,
): Promise<CheckoutRef & { attendees: string[] }> {
  const res = await request.post(`/api/public/events/${eventId}/order`, {
    data: { items: [{ ticket_id: ticketId, quantity: 1 }], expected_total: total },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as {
    data: { short_id: string; attendees: Array<{ short_id: string }> };
    checkout_token: string;
    order_secret: string;
  };
  return {
    short: body.data.short_id,
    token: body.checkout_token,
    secret: body.order_secret,
    attendees: body.data.attendees.map((a) => a.short_id),
  };
}

/**
 * A new organizer whose every HTML and text field is hostile: organizer, live online event with a
 * cover, free and paid tickets, order and attendee questions, checkout messages and offline payment
 * instructions, three orders (completed, awaiting offline payment, at payment) with hostile names and
 * answers, and a sent message. Everything through the API; the pages are under test.
 */
async function createWorld(request: APIRequestContext): Promise<World> {
  const email = uniqueEmail('xss');
  // Opening the mailed sign-up link confirms the address.
  const { token } = await signUpByApi(request, {
    name: `Mallory ${PLAIN}`.slice(0, 149),
    email,
    password: PASSWORD,
    timezone: 'Europe/Berlin',
  });
  const headers = { authorization: `Bearer ${token}` };
  const send = async <T>(method: 'post' | 'put', path: string, data: unknown): Promise<T> => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json().catch(() => ({}))) as { data: T }).data;
  };

  const organizer = await send<{ id: number }>('post', '/organizers', {
    name: `Org ${PLAIN}`,
    email: 'hello@xss.test',
    description: rich('organizer'),
  });
  const event = await send<{ id: number; slug: string }>('post', '/events', {
    title: PLAIN_LONG,
    organizer_id: organizer.id,
    description: rich('event'),
    start_date: '2030-06-01T19:00',
    end_date: '2030-06-01T23:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  });
  await send('put', `/events/${event.id}`, { is_online: true, online_details: rich('online') });
  await send('put', `/events/${event.id}/settings`, {
    seo_title: PLAIN,
    seo_description: `</title><script>alert(3)</script>`,
    seo_keywords: PLAIN,
    pre_checkout_message: rich('precheckout'),
    post_checkout_message: rich('postcheckout'),
    offline_payments_enabled: true,
    offline_payment_instructions: rich('offline'),
  });
  const free = await send<{ id: number }>('post', `/events/${event.id}/tickets`, {
    name: `Free ${PLAIN}`,
    description: rich('freeticket'),
    type: 'FREE',
  });
  const paid = await send<{ id: number }>('post', `/events/${event.id}/tickets`, {
    name: `Paid ${PLAIN}`,
    description: rich('paidticket'),
    type: 'PAID',
    price: 1500,
  });
  const orderQuestion = await send<{ id: number }>('post', `/events/${event.id}/questions`, {
    title: `Order ${PLAIN}`,
    description: rich('orderquestion'),
    type: 'SINGLE_LINE_TEXT',
    applies_to: 'ORDER',
  });
  const attendeeQuestion = await send<{ id: number }>('post', `/events/${event.id}/questions`, {
    title: `Attendee ${PLAIN}`,
    description: rich('attendeequestion'),
    type: 'RADIO',
    options: [`Yes ${PLAIN}`, 'No'],
    applies_to: 'ATTENDEE',
  });
  const cover = await request.post(`/api/events/${event.id}/images`, {
    headers,
    multipart: {
      type: 'EVENT_COVER',
      image: {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0f766e' } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(cover.status(), await cover.text()).toBe(201);
  const coverUrl = ((await cover.json()) as { data: { variants: { large: string } } }).data.variants.large;
  const status = await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } });
  expect(status.ok(), await status.text()).toBe(true);

  // Buyers with hostile names and answers.
  const details = (ref: CheckoutRef & { attendees: string[] }) =>
    request.put(`/api/public/events/${event.id}/order/${ref.short}/details`, {
      headers: { 'x-checkout-token': ref.token, 'x-order-secret': ref.secret },
      data: {
        first_name: PLAIN,
        last_name: `Buyer ${PLAIN}`,
        email: uniqueEmail('buyer'),
        answers: { [orderQuestion.id]: `${PLAIN}<script>alert(4)</script>` },
        attendees: ref.attendees.map((a) => ({
          short_id: a,
          first_name: PLAIN,
          last_name: `Guest ${PLAIN}`,
          email: uniqueEmail('guest'),
          answers: { [attendeeQuestion.id]: `Yes ${PLAIN}` },
        })),
      },
    });
  const freeOrder = await reserve(request, event.id, free.id, 0);
  expect((await details(freeOrder)).status()).toBe(200);
  const offline = await reserve(request, event.id, paid.id, 1500);
  expect((await details(offline)).status()).toBe(200);
  const chosen = await request.post(`/api/public/events/${event.id}/order/${offline.short}/offline-payment`, {
    headers: { 'x-checkout-token': offline.token, 'x-order-secret': offline.secret },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const paying = await reserve(request, event.id, paid.id, 1500);
  expect((await details(paying)).status()).toBe(200);

  const messageSubject = `News ${PLAIN}`;
  await send('post', `/events/${event.id}/messages`, {
    subject: messageSubject,
    body: rich('message'),
    recipient_type: 'ALL_ATTENDEES',
    acknowledged_not_promotional: true,
  });

  const orders = (await (await request.get(`/api/events/${event.id}/orders?per_page=100`, { headers })).json()) as {
    data: Array<{ id: number; short_id: string }>;
  };
  const attendees = (await (
    await request.get(`/api/events/${event.id}/attendees?per_page=100`, { headers })
  ).json()) as { data: Array<{ id: number; short_id: string }> };
  const orderId = orders.data.find((o) => o.short_id === freeOrder.short)!.id;
  const attendeeId = attendees.data.find((a) => a.short_id === freeOrder.attendees[0])!.id;
  return {
    email,
    headers,
    eventId: event.id,
    slug: event.slug,
    organizerId: organizer.id,
    free: {
      short: freeOrder.short,
      token: freeOrder.token,
      secret: freeOrder.secret,
      attendee: freeOrder.attendees[0]!,
    },
    offline: { short: offline.short, token: offline.token, secret: offline.secret },
    paying: { short: paying.short, token: paying.token, secret: paying.secret },
    orderId,
    attendeeId,
    messageSubject,
    coverUrl,
  };
}

// One hostile organizer for the whole file (the tests run one after the other in one worker).
let worldPromise: Promise<World> | null = null;
const world = (request: APIRequestContext) => (worldPromise ??= createWorld(request));

async function login(page: Page, email: string) {
  await loginWithForm(page, { email, password: PASSWORD }, { landing: null });
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/**
 * Runs `read` in the page and in every frame. A frame that cannot be read is not clean: it counts as a
 * finding, unless it is gone from the page (detached); one that is navigating is read again once loaded.
 */
async function inEveryFrame<T>(
  page: Page,
  read: (frame: Frame) => Promise<T>,
): Promise<Array<{ frame: Frame; value: T } | { frame: Frame; error: string }>> {
  const out: Array<{ frame: Frame; value: T } | { frame: Frame; error: string }> = [];
  for (const frame of page.frames()) {
    for (let attempt = 1; ; attempt++) {
      try {
        out.push({ frame, value: await read(frame) });
        break;
      } catch (err) {
        if (frame.isDetached()) break;
        if (attempt >= 2) {
          out.push({ frame, error: (err as Error).message.split('\n')[0]! });
          break;
        }
        await frame.waitForLoadState('domcontentloaded').catch(() => undefined);
      }
    }
  }
  return out;
}

const where = (page: Page, frame: Frame, s: string) => (frame === page.mainFrame() ? s : `[frame ${frame.url()}] ${s}`);

/**
 * Everything in the document (and its frames) that would run script from the payloads: `on*`
 * attributes, javascript:/data:text/html URLs, srcdoc frames, scripts, style sheets or styles that
 * mention the payload, <base> and refresh <meta> elements.
 */
async function scriptVectors(page: Page): Promise<string[]> {
  const found: string[] = [];
  const read = (frame: Frame) =>
    frame.evaluate(() => {
      const out: string[] = [];
      // As browsers read a URL: control characters and spaces dropped, scheme case-insensitive.
      const url = (v: string) =>
        Array.from(v)
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
      for (const el of Array.from(document.querySelectorAll('*'))) {
        const tag = el.tagName.toLowerCase();
        for (const attr of Array.from(el.attributes)) {
          const name = attr.name.toLowerCase();
          if (name.startsWith('on')) out.push(`<${tag} ${name}="${attr.value.slice(0, 60)}">`);
          if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'].includes(name)) {
            const v = url(attr.value);
            if (v.startsWith('javascript:') || v.startsWith('vbscript:') || v.startsWith('data:text/html'))
              out.push(`<${tag} ${name}="${attr.value.slice(0, 60)}">`);
          }
          if (name === 'srcdoc') out.push(`<${tag} srcdoc>`);
          if (name === 'style' && /javascript:|__xss|expression\(/i.test(attr.value))
            out.push(`<${tag} style="${attr.value.slice(0, 60)}">`);
        }
        // Data blocks (JSON, JSON-LD) are not run; executable scripts and style sheets may not carry a payload.
        const runs =
          tag === 'style' ||
          (tag === 'script' &&
            ['', 'module', 'text/javascript', 'application/javascript'].includes(
              (el.getAttribute('type') ?? '').toLowerCase(),
            ));
        if (runs && /__xss|alert\(/.test(el.textContent ?? ''))
          out.push(`<${tag}>${(el.textContent ?? '').slice(0, 60)}`);
        if (tag === 'base' || (tag === 'meta' && el.getAttribute('http-equiv')?.toLowerCase() === 'refresh'))
          out.push(`<${tag} ${el.outerHTML.slice(0, 80)}>`);
        if ((tag === 'object' || tag === 'embed') && el.closest('body')) out.push(`<${tag}>`);
      }
      return out;
    });
  for (const r of await inEveryFrame(page, read)) {
    if ('error' in r) found.push(where(page, r.frame, `could not be read: ${r.error}`));
    else found.push(...r.value.map((s) => where(page, r.frame, s)));
  }
  return found;
}

/** The value any payload would have set, in the page or any of its frames (a frame that cannot be read counts). */
async function xssMarks(page: Page): Promise<unknown[]> {
  const marks: unknown[] = [];
  for (const r of await inEveryFrame(page, (frame) =>
    frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  )) {
    if ('error' in r) marks.push(where(page, r.frame, `could not be read: ${r.error}`));
    else if (r.value !== undefined) marks.push(r.value);
  }
  return marks;
}

/**
 * Checks the page a buyer or organizer sees: no payload ran (also after clicking the hostile links),
 * nothing in the DOM could run one, the harmless formatting and links of `tags` still render, and
 * plain-text fields show their markup as text when `plain` is set.
 */
async function expectNeutralised(
  page: Page,
  dialogs: string[],
  label: string,
  options: { tags?: string[]; plain?: boolean } = {},
) {
  for (const tag of options.tags ?? []) {
    await expect(
      page
        .locator('b, strong')
        .filter({ hasText: `${tag} bold` })
        .first(),
      `${label}: <b> of ${tag}`,
    ).toBeVisible();
    await expect(
      page.locator(`a[href="https://example.test/${tag}"]`).first(),
      `${label}: https link of ${tag}`,
    ).toBeAttached();
  }
  if (options.plain)
    await expect
      .poll(() => page.evaluate(() => document.body.innerText), { message: `${label}: plain text shown as text` })
      .toContain('<img src=x onerror=alert(1)>');
  // Click every hostile link and button the sanitiser left (as text): nothing may run, nothing may leave.
  const hostile = page.getByText(/ (js|mixed|entity|data) link$| form button$/);
  const count = await hostile.count();
  for (let i = 0; i < count; i++) {
    const link = hostile.nth(i);
    if (await link.isVisible()) await link.click({ noWaitAfter: true, timeout: 5000 }).catch(() => undefined);
  }
  expect(await scriptVectors(page), `${label}: script vectors in the DOM`).toEqual([]);
  expect(await xssMarks(page), `${label}: window.__xss`).toEqual([]);
  expect(dialogs, `${label}: dialogs`).toEqual([]);
  expect(new URL(page.url()).protocol, `${label}: still on the site`).toBe('http:');
}

test.describe('stored XSS', () => {
  // Without the CSP, so that only the sanitiser and the rendering stand between a payload and the page.
  test.use({ bypassCSP: true });

  test('organizer HTML and plain text with script are neutralised on every page that shows them', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const w = await world(request);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    const popups: string[] = [];
    page.on('popup', (p) => popups.push(p.url()));

    // The checks can fail: on the payload itself, unsanitised, they find its script vectors and it runs.
    await page.setContent(`<!doctype html><body>${rich('control')}</body>`);
    const control = (await scriptVectors(page)).join('\n');
    for (const vector of [
      /<script>window.__xss/,
      /onerror=/,
      /<a href="javascript:/,
      /<a href=" JaVaScRiPt:/,
      /<a href="data:text\/html/,
      /onload=/,
      /srcdoc/,
      /onmouseover=/,
      /style="background-image: url\(javascript:/,
      /<style>/,
      /ontoggle=/,
      /action="javascript:/,
      /formaction=/,
      /<object>/,
      /<embed>/,
      /<base /,
      /<meta /,
    ]) {
      expect(control, `the check finds ${vector}`).toMatch(vector);
    }
    await expect.poll(() => xssMarks(page), 'the unsanitised payload runs').not.toEqual([]);
    await expect.poll(() => dialogs.length, 'the unsanitised payload opens a dialog').toBeGreaterThan(0);
    dialogs.length = 0;

    // The server-rendered event page: the hostile markup never reaches the document as markup.
    const raw = await (await request.get(`/event/${w.eventId}/${w.slug}`)).text();
    for (const needle of [
      '<script>window',
      '<script>alert',
      '<img src=x',
      '<img src="x"',
      '<iframe',
      'javascript:',
      '<style>body',
      '<base ',
      '<object',
      '<embed',
      '</title><script>',
    ]) {
      expect(raw, `server-rendered page contains ${needle}`).not.toContain(needle);
    }
    // Attribute values (quoted, escaped) removed, no element may carry an on* attribute.
    const unquoted = raw.replace(/"[^"]*"/g, '""');
    expect(
      unquoted.match(/<[a-z][^>]*\son[a-z]+\s*=[^>]*>/gi) ?? [],
      'server-rendered elements with on* attributes',
    ).toEqual([]);
    expect(raw).toContain('<b>event bold</b>');
    expect(raw).toContain('&lt;img src=x onerror=alert(1)&gt;');

    /** Opens a page and waits until `ready` (content that arrives with the page's data) is shown. */
    const open = async (path: string, ready: Locator) => {
      await page.goto(path);
      await expect(ready.first(), `${path} shows its content`).toBeVisible();
    };
    const text = (t: string) => page.getByText(t, { exact: false });

    // Public pages (buyer). The event page is checked once React has hydrated the server's HTML (its own mark).
    await open(`/event/${w.eventId}/${w.slug}`, page.getByRole('heading', { level: 1, name: PLAIN_LONG }));
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expectNeutralised(page, dialogs, 'event page', {
      tags: ['event', 'precheckout', 'freeticket', 'paidticket'],
      plain: true,
    });
    await snapshot(page, 'security-hostile-event-page');
    // `$\`` and `$'` in a promo code from the address stay text (they once copied the page into its data).
    await open(
      `/event/${w.eventId}/${w.slug}?promo_code=${encodeURIComponent("X$`$'")}`,
      page.getByRole('heading', { level: 1, name: PLAIN_LONG }),
    );
    expect(await page.locator('#root').count(), 'one app root').toBe(1);
    await expectNeutralised(page, dialogs, 'event page with a promo code', { tags: ['event'], plain: true });
    await open(`/widget/${w.eventId}`, text('freeticket bold'));
    await expectNeutralised(page, dialogs, 'widget', { tags: ['freeticket', 'paidticket'], plain: true });

    const fresh = await reserve(request, w.eventId, (await freeTicketId(request, w))!, 0);
    await open(
      `/checkout/${w.eventId}/${fresh.short}/details#token=${fresh.token}&secret=${fresh.secret}`,
      text('attendeequestion bold'),
    );
    await expectNeutralised(page, dialogs, 'checkout details', {
      tags: ['orderquestion', 'attendeequestion'],
      plain: true,
    });
    await open(
      `/checkout/${w.eventId}/${w.paying.short}/payment#token=${w.paying.token}&secret=${w.paying.secret}`,
      text('offline bold'),
    );
    await expectNeutralised(page, dialogs, 'checkout payment', { tags: ['offline'], plain: true });
    await open(
      `/checkout/${w.eventId}/${w.free.short}/summary#token=${w.free.token}&secret=${w.free.secret}`,
      page.getByRole('heading', { name: 'Thank you for your order!' }),
    );
    await expectNeutralised(page, dialogs, 'order summary (completed)', {
      tags: ['postcheckout', 'online'],
      plain: true,
    });
    await open(
      `/checkout/${w.eventId}/${w.offline.short}/summary#token=${w.offline.token}&secret=${w.offline.secret}`,
      text('offline bold'),
    );
    await expectNeutralised(page, dialogs, 'order summary (offline payment)', { tags: ['offline'], plain: true });
    await open(
      `/order/${w.eventId}/${w.offline.short}/print#token=${w.offline.token}&secret=${w.offline.secret}`,
      text('offline bold'),
    );
    await expectNeutralised(page, dialogs, 'order print', { tags: ['offline'], plain: true });
    await open(
      `/order/${w.eventId}/${w.free.short}/print#token=${w.free.token}&secret=${w.free.secret}`,
      text(`Guest ${PLAIN}`),
    );
    await expectNeutralised(page, dialogs, 'order print (completed)', { plain: true });
    await open(`/ticket/${w.eventId}/${w.free.attendee}`, text(`Guest ${PLAIN}`));
    await expectNeutralised(page, dialogs, 'ticket page', { plain: true });
    await open(`/ticket/${w.eventId}/${w.free.attendee}/print`, text(`Guest ${PLAIN}`));
    await expectNeutralised(page, dialogs, 'ticket print', { plain: true });

    // The organizer's own screens.
    await login(page, w.email);
    const manage = `/manage/event/${w.eventId}`;
    await open('/manage/events', text(PLAIN_LONG));
    await expectNeutralised(page, dialogs, 'events list', { plain: true });
    await open(manage, text('event bold'));
    await expectNeutralised(page, dialogs, 'event dashboard', { tags: ['event'], plain: true });
    await open(`${manage}/settings`, text('event bold'));
    await expectNeutralised(page, dialogs, 'event settings (editors)', { plain: true });
    await open(`${manage}/homepage-designer`, text('event bold'));
    await expectNeutralised(page, dialogs, 'homepage designer preview', { tags: ['event'], plain: true });
    await open(`${manage}/tickets`, text(`Paid ${PLAIN}`));
    await expectNeutralised(page, dialogs, 'tickets list', { plain: true });
    await open(`${manage}/questions`, text(`Attendee ${PLAIN}`));
    await expectNeutralised(page, dialogs, 'questions list', { plain: true });
    await open(
      `${manage}/orders?order=${w.orderId}`,
      page.getByRole('dialog', { name: /^Order O-/ }).getByText(`${PLAIN}<script>alert(4)</script>`),
    );
    await expectNeutralised(page, dialogs, 'order drawer with answers', { plain: true });
    await snapshot(page, 'security-hostile-order-drawer');
    await open(`${manage}/attendees?attendee=${w.attendeeId}`, page.getByRole('dialog').getByText(`Yes ${PLAIN}`));
    await expectNeutralised(page, dialogs, 'attendee drawer', { plain: true });
    await open(`${manage}/messages`, page.getByRole('button', { name: w.messageSubject }));
    await page.getByRole('button', { name: w.messageSubject }).click();
    await expect(page.getByRole('dialog', { name: 'Message' }).getByText('message bold')).toBeVisible();
    await expectNeutralised(page, dialogs, 'message history', { tags: ['message'], plain: true });
    await open(`${manage}/check-in`, page.getByTestId('check-in-row').filter({ hasText: `Guest ${PLAIN}` }));
    await expectNeutralised(page, dialogs, 'check-in list', { plain: true });
    await open(`${manage}/widget`, page.frameLocator('iframe').getByText('freeticket bold'));
    await expectNeutralised(page, dialogs, 'widget designer preview');
    await open(`/manage/organizer/${w.organizerId}`, text('organizer bold'));
    await expectNeutralised(page, dialogs, 'organizer page (editor)', { plain: true });

    expect(popups, 'no window opened by a payload').toEqual([]);
  });
});

async function freeTicketId(request: APIRequestContext, w: World): Promise<number | undefined> {
  const res = (await (await request.get(`/api/events/${w.eventId}/tickets`, { headers: w.headers })).json()) as {
    data: Array<{ id: number; type: string }>;
  };
  return res.data.find((t) => t.type === 'FREE')?.id;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/**
 * The headers every document must carry: a strict CSP (no inline or eval'd script; WebAssembly for the
 * scanner is allowed), no plugins, no <base> elsewhere, framing only by the site itself (the widget:
 * by anyone), nosniff, a referrer policy, HSTS, and no X-Powered-By.
 */
function expectSecureDocument(headers: Record<string, string>, label: string, frameable = false) {
  const csp = directives(headers['content-security-policy']);
  expect(headers['content-security-policy'], `${label}: Content-Security-Policy`).toBeTruthy();
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, `${label}: script-src`).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${label}: script-src ${unsafe}`).not.toContain(unsafe);
  expect(csp.get('script-src-attr') ?? ["'none'"], `${label}: script-src-attr`).toEqual(["'none'"]);
  expect(csp.get('default-src'), `${label}: default-src`).toEqual(["'self'"]);
  expect(csp.get('object-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${label}: base-uri`).toEqual(["'self'"]);
  expect(csp.get('form-action'), `${label}: form-action`).toEqual(["'self'"]);
  if (frameable) {
    expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(['*']);
    expect(headers['x-frame-options'], `${label}: X-Frame-Options`).toBeUndefined();
  } else {
    expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'self'"]);
    expect(headers['x-frame-options'], `${label}: X-Frame-Options`).toBe('SAMEORIGIN');
  }
  expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${label}: Referrer-Policy`).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin|same-origin|strict-origin)$/,
  );
  expect(headers['strict-transport-security'], `${label}: HSTS`).toMatch(/max-age=\d{7,}/);
  expect(headers['x-powered-by'], `${label}: X-Powered-By`).toBeUndefined();
  expect(headers['content-type'], `${label}: content type`).toMatch(/^text\/html/);
}

/** Reports Content-Security-Policy violations of every document and frame to the test as they happen. */
const REPORT_VIOLATIONS = () => {
  const report = (window as unknown as { __reportCsp?: (text: string) => void }).__reportCsp;
  document.addEventListener('securitypolicyviolation', (e) =>
    report?.(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
  );
};

test('every page: security headers, a strict CSP, and nothing on the page violates it (fonts, images, scanner WASM)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const w = await world(request);
  const problems: string[] = [];
  await context.exposeBinding(
    '__reportCsp',
    ({ frame }, text: string) => void problems.push(`${frame.url()}: ${text}`),
  );
  await context.addInitScript(REPORT_VIOLATIONS);
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate|compile)/i.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

  const visited: string[] = [];
  /** Opens a page, checks its document's headers, and waits until its content and fonts are there. */
  const visit = async (path: string, ready: Locator) => {
    const res = await page.goto(path);
    expect(res, path).not.toBeNull();
    expectSecureDocument(res!.headers(), path, path.startsWith('/widget/'));
    await expect(ready.first(), `${path} shows its content`).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    visited.push(path);
  };
  const heading = (name?: string | RegExp) =>
    name ? page.getByRole('heading', { name }) : page.getByRole('heading', { level: 1 });
  const fontLoaded = () =>
    page.evaluate(() =>
      document.fonts.ready.then(() =>
        Array.from(document.fonts).some((f) => /Varela Round/.test(f.family) && f.status === 'loaded'),
      ),
    );
  const guest = page.getByText(`Guest ${PLAIN}`);

  // Public pages (before logging in).
  const fresh = await reserve(request, w.eventId, (await freeTicketId(request, w))!, 0);
  await visit(`/event/${w.eventId}/${w.slug}`, heading(PLAIN_LONG));
  // The self-hosted house font and the uploaded cover load under the CSP.
  expect(await fontLoaded(), 'Varela Round loaded on the event page').toBe(true);
  await expect
    .poll(() =>
      page
        .locator('img[src*="/uploads/"]')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  await visit(`/e/${w.eventId}`, heading(PLAIN_LONG));
  await visit(`/widget/${w.eventId}`, page.getByRole('button', { name: /^One more Free/ }));
  await visit(
    `/checkout/${w.eventId}/${fresh.short}/details#token=${fresh.token}&secret=${fresh.secret}`,
    heading('Your details'),
  );
  await visit(
    `/checkout/${w.eventId}/${w.paying.short}/payment#token=${w.paying.token}&secret=${w.paying.secret}`,
    page.getByText('offline bold'),
  );
  await visit(
    `/checkout/${w.eventId}/${w.free.short}/summary#token=${w.free.token}&secret=${w.free.secret}`,
    heading('Thank you for your order!'),
  );
  await visit(
    `/checkout/${w.eventId}/${w.offline.short}/summary#token=${w.offline.token}&secret=${w.offline.secret}`,
    page.getByText('offline bold'),
  );
  await visit(`/order/${w.eventId}/${w.free.short}/print#token=${w.free.token}&secret=${w.free.secret}`, guest);
  await visit(`/ticket/${w.eventId}/${w.free.attendee}`, guest);
  await visit(`/ticket/${w.eventId}/${w.free.attendee}/print`, guest);
  await visit('/event/2147483000/missing', heading());
  await visit('/auth/login', heading());
  await visit('/auth/register', heading());
  await visit('/auth/forgot-password', heading());
  await visit('/auth/reset-password/not-a-real-token', page.getByRole('link', { name: 'Request a new link' }));
  await visit('/auth/accept-invitation/not-a-real-token', page.getByRole('link', { name: 'Go to login' }));

  // The organizer's screens.
  await login(page, w.email);
  const manage = `/manage/event/${w.eventId}`;
  await visit('/manage/events', page.getByText(PLAIN_LONG));
  expect(await fontLoaded(), 'Varela Round loaded in the app').toBe(true);
  await visit('/welcome', heading());
  await visit(manage, page.getByText('event bold'));
  for (const section of [
    'getting-started',
    'settings',
    'homepage-designer',
    'tickets',
    'capacity-assignments',
    'promo-codes',
    'questions',
    'widget',
    'orders',
    'attendees',
    'messages',
    'affiliates',
  ]) {
    await visit(`${manage}/${section}`, heading());
  }
  await visit(`${manage}/orders?order=${w.orderId}`, page.getByRole('dialog').getByText(`Guest ${PLAIN}`));
  await visit(`/manage/organizer/${w.organizerId}`, page.getByText('organizer bold'));
  await visit('/manage/profile', heading());
  for (const section of ['settings', 'event-defaults', 'taxes-and-fees', 'payment', 'users'])
    await visit(`/account/${section}`, heading());

  // The check-in scanner: its WebAssembly decoder compiles and reads a ticket from the camera.
  await writeFakeCamera([{ code: w.free.attendee, seconds: 30 }]);
  await visit(`${manage}/check-in`, heading('Check-in'));
  const wasm = page.waitForResponse((r) => /zxing_reader.*\.wasm/.test(r.url()));
  await page.getByRole('button', { name: 'Scan tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan tickets' });
  expect((await wasm).headers()['content-type']).toBe('application/wasm');
  await expect(dialog.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'CHECKED_IN', { timeout: 30_000 });
  await expect(dialog.getByTestId('scan-outcome')).toContainText(`Guest ${PLAIN}`);

  expect(problems, `CSP violations and errors on ${visited.length} pages`).toEqual([]);
});

test('API answers, uploads, ticket QR codes and downloads: nosniff, CSP, no X-Powered-By', async ({ request }) => {
  const w = await world(request);
  const check = async (path: string, type: RegExp, headers: Record<string, string> = {}) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    const h = res.headers();
    expect(h['content-type'], `${path}: content type`).toMatch(type);
    expect(h['x-content-type-options'], `${path}: nosniff`).toBe('nosniff');
    expect(h['x-powered-by'], `${path}: X-Powered-By`).toBeUndefined();
    // Opened directly, even an SVG or a JSON answer cannot run script.
    const csp = directives(h['content-security-policy']);
    expect(csp.get('script-src') ?? csp.get('default-src'), `${path}: CSP`).not.toContain("'unsafe-inline'");
    expect(csp.get('default-src'), `${path}: default-src`).toEqual(["'self'"]);
    expect(csp.get('object-src'), `${path}: object-src`).toEqual(["'none'"]);
    return h;
  };
  await check('/api/health', /^application\/json/);
  await check(`/api/public/events/${w.eventId}`, /^application\/json/);
  await check(`/api/events/${w.eventId}`, /^application\/json/, w.headers);
  await check(w.coverUrl, /^image\/webp/);
  await check(`/api/public/events/${w.eventId}/attendees/${w.free.attendee}/qr.svg`, /^image\/svg\+xml/);
  const notFound = await request.get('/api/no-such-route');
  expect(notFound.status()).toBe(404);
  expect(notFound.headers()['x-content-type-options']).toBe('nosniff');
  expect(notFound.headers()['x-powered-by']).toBeUndefined();
});

test('framing: another site may embed the widget, but not the event page, checkout or the organizer app', async ({
  browser,
  request,
}) => {
  const w = await world(request);
  const origin = appOrigin();
  const context = await browser.newContext();
  const page = await context.newPage();
  const frames = {
    widget: `/widget/${w.eventId}`,
    event: `/event/${w.eventId}/${w.slug}`,
    ticket: `/ticket/${w.eventId}/${w.free.attendee}`,
    login: '/auth/login',
  };
  // A page of another site (a server of the test's own, on another port) framing ours.
  const html = `<!doctype html><title>Other site</title>${Object.entries(frames)
    .map(([id, path]) => `<iframe id="${id}" title="${id}" src="${origin}${path}"></iframe>`)
    .join('')}`;
  const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const embedder = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const refused: string[] = [];
  page.on(
    'requestfailed',
    (r) => r.failure()?.errorText === 'net::ERR_BLOCKED_BY_RESPONSE' && refused.push(new URL(r.url()).pathname),
  );
  // The window's load event waits for every frame (refused ones show the browser's error page).
  await page.goto(embedder);
  const content = async (id: string) => (await page.locator(`#${id}`).elementHandle())!.contentFrame();
  const widget = (await content('widget'))!;
  expect(widget.url()).toBe(`${origin}${frames.widget}`);
  await expect(widget.getByRole('button', { name: /^One more Free/ })).toBeVisible();
  for (const id of ['event', 'ticket', 'login'] as const) {
    expect((await content(id))?.url(), `${id} is refused inside another site`).toBe('chrome-error://chromewebdata/');
  }
  expect(refused.sort(), 'refused by their frame-ancestors').toEqual(
    [frames.event, frames.ticket, frames.login].sort(),
  );
  await context.close();
  site.close();
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { webhookAttempts, webhookDeliveries, webhooks } from '../../src/db/schema/index.js';
import { webhookJobOptions } from '../../src/jobs/queue.js';
import { deliverDueWebhooks } from '../../src/modules/webhooks/delivery.js';
import { isBlockedAddress } from '../../src/modules/webhooks/url-guard.js';
import { sendTestEvent } from '../../src/modules/webhooks/webhooks.repository.js';
import { registerConfirmedUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * A webhook may not point into the server's own network. The address check knew IPv4-mapped IPv6
 * (`::ffff:a.b.c.d`) but not the other IPv6 forms that carry an IPv4 address: IPv4-compatible
 * (`::a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), 6to4 (`2002:aabb:ccdd::`), local-use NAT64
 * (`64:ff9b:1::/48`) and Teredo (`2001::/32`), so `http://[::127.0.0.1]/` or a 6to4 address of
 * 169.254.169.254 could be saved and was tried at every delivery. Now 6to4 and the well-known NAT64
 * prefix (`64:ff9b::/96`) are judged by the IPv4 address they carry; the deprecated, local-only and
 * obfuscating forms are refused whatever they carry.
 */
let ctx: TestContext;
let token: string;
let accountId: number;
beforeAll(async () => {
  ctx = await createTestApp({ env: { WEBHOOK_TIMEOUT_MS: '300', AUTH_RATE_LIMIT_MAX: '1000' } });
  token = (await registerConfirmedUser(ctx.app, ctx.smtp)).token;
  const made = await call(ctx.app, 'POST', '/api/webhooks', {
    token,
    body: { url: 'http://93.184.216.34/hook', event_types: ['order.created'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const [row] = await ctx.app.deps.database.db
    .select({ account_id: webhooks.account_id })
    .from(webhooks)
    .where(eq(webhooks.id, made.json().data.id));
  accountId = row!.account_id;
});
afterAll(() => ctx.close());

/** 127.0.0.1, 10.0.0.1 and 169.254.169.254 in every IPv6 form that carries an IPv4 address. */
const PRIVATE_INSIDE = [
  // IPv4-compatible (::/96), written both ways
  '::127.0.0.1',
  '::a00:1',
  '::169.254.169.254',
  // IPv4-translated (::ffff:0:0/96)
  '::ffff:0:127.0.0.1',
  '::ffff:0:a00:1',
  '::ffff:0:169.254.169.254',
  // 6to4 (2002::/16): the IPv4 address in bits 16-48
  '2002:7f00:1::',
  '2002:a00:1::1',
  '2002:a9fe:a9fe::',
  // NAT64, well-known prefix (64:ff9b::/96) and local-use (64:ff9b:1::/48)
  '64:ff9b::127.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1:7f00:0:100::',
  '64:ff9b:1::a00:1',
  // Teredo (2001::/32): the client's address inverted in the last 32 bits
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
  '2001:0:4136:e378:8000:63bf:f5ff:fffe',
  // IPv4-mapped, in hex
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
];
const save = (url: string) =>
  call(ctx.app, 'POST', '/api/webhooks', { token, body: { url, event_types: ['order.created'] } });

describe('IPv6 addresses that carry an IPv4 address', () => {
  it('are refused when saving a webhook, with the url field marked', async () => {
    for (const a of PRIVATE_INSIDE) {
      expect(isBlockedAddress(a), a).toBe(true);
      const res = await save(`http://[${a}]:8080/hook`);
      expect(res.statusCode, a).toBe(422);
      expect(res.json().error.field_errors, a).toEqual({
        url: ['This address points to a private or local network. Use a public address the internet can reach.'],
      });
    }
  });

  it('are refused at delivery time too (a webhook saved before the check knew them)', async () => {
    const db = ctx.app.deps.database.db;
    const now = ctx.app.deps.clock.now();
    const deps = { ...webhookJobOptions(ctx.app.deps.config), db, clock: ctx.app.deps.clock };
    for (const a of PRIVATE_INSIDE) {
      const [hook] = await db
        .insert(webhooks)
        .values({
          account_id: accountId,
          url: `http://[${a}]:8080/hook`,
          event_types: ['order.created'],
          secret: 'whsec_old',
        })
        .returning();
      const delivery = await sendTestEvent(db, accountId, hook!.id, now);
      await deliverDueWebhooks(deps);
      const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.delivery_id, delivery.id));
      expect(attempts, a).toHaveLength(1);
      expect(attempts[0]!.error, a).toMatch(/^not sent: .* a private or local address$/);
      const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      expect(d!.state, a).toBe('PENDING');
      await db.delete(webhooks).where(eq(webhooks.id, hook!.id));
    }
  });

  it('6to4 and the well-known NAT64 prefix carrying a public address are allowed; the deprecated and local-only forms never', async () => {
    // 93.184.216.34 inside each form.
    for (const a of ['2002:5db8:d822::1', '64:ff9b::93.184.216.34']) {
      expect(isBlockedAddress(a), a).toBe(false);
      expect((await save(`http://[${a}]/hook`)).statusCode, a).toBe(201);
    }
    for (const a of [
      '::93.184.216.34',
      '::ffff:0:93.184.216.34',
      '64:ff9b:1:5db8:0:d822::',
      '2001:0:4136:e378:8000:63bf:a247:27dd',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
      expect((await save(`http://[${a}]/hook`)).statusCode, a).toBe(422);
    }
    // Plain public addresses stay allowed.
    for (const a of ['2606:4700:4700::1111', '2a00:1450:4001:80e::200e', '8.8.8.8'])
      expect(isBlockedAddress(a), a).toBe(false);
  });
});

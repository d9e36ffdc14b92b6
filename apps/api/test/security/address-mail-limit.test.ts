import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from '../factories.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';

/**
 * Sign-up and forgot-password mail the address typed in, whoever asks. The per-client limits do not stop
 * someone who asks from many client addresses (a botnet, or an office of proxies) from filling a
 * stranger's inbox with sign-up notices or reset links: one address gets at most ADDRESS_MAILS_PER_HOUR
 * such mails, counted per address in the shared rate-limit store, and the answer past it is the same
 * 429 whether or not the address is registered.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { ADDRESS_MAILS_PER_HOUR: '3' } });
});
afterAll(() => ctx.close());

let client = 0;
/** Every request from a client address of its own: only the per-address count can stop them. */
const fromNewClient = () => `198.18.${Math.floor(++client / 250)}.${client % 250}`;
const signUp = (email: string) =>
  call(ctx.app, 'POST', '/api/auth/register', {
    ip: fromNewClient(),
    body: {
      name: 'Mallory Sender',
      email,
      password: 'quiet harbour lantern 42',
      password_confirmation: 'quiet harbour lantern 42',
      accept_terms: true,
    },
  });
const forgot = (email: string) =>
  call(ctx.app, 'POST', '/api/auth/forgot-password', { ip: fromNewClient(), body: { email } });
const mailsTo = (email: string) => ctx.smtp.received.filter((m) => m.to.includes(email)).length;

describe('mail to one address, from many clients', () => {
  it('a registered address gets at most the limit of sign-up notices; then 429 with Retry-After', async () => {
    const victim = await registerUser(ctx.app);
    await mailSettled(ctx.app);
    const before = mailsTo(victim.email);
    // The victim's own sign-up was the first of the hour's three.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signUp(victim.email));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 429, 429, 429, 429]);
    expect(answers[2]!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
    await mailSettled(ctx.app);
    expect(mailsTo(victim.email) - before).toBe(2);
  });

  it('an address nobody registered is answered the same, and gets as many links', async () => {
    const stranger = `stranger-${Date.now()}@example.test`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signUp(stranger));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 429, 429, 429]);
    expect(answers[3]!.json()).toEqual((await signUp(stranger)).json());
    await mailSettled(ctx.app);
    expect(mailsTo(stranger)).toBe(3);
  });

  it('reset links count in the same budget; other addresses are not affected', async () => {
    const victim = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    // Their own sign-up, a reset link and a sign-up notice: three.
    expect((await forgot(victim.email)).statusCode).toBe(200);
    expect((await signUp(victim.email)).statusCode).toBe(202);
    const past = await forgot(victim.email);
    expect(past.statusCode).toBe(429);
    expect(past.json().error.code).toBe('RATE_LIMITED');
    expect((await forgot(other.email)).statusCode).toBe(200);
    await mailSettled(ctx.app);
    expect(
      ctx.smtp.received.filter((m) => m.to.includes(victim.email) && m.text.includes('/auth/reset-password/')),
    ).toHaveLength(1);
  });
});

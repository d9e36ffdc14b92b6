// Stripe.js cannot be loaded here (no internet). The card-payment flows replace it at the network
// boundary only: requests for https://js.stripe.com/* are answered with this small stand-in that
// speaks the same JavaScript API the app uses (Stripe(), elements(), create('payment'), mount, on,
// confirmPayment). Its "confirm" asks the e2e server's control port to move the PaymentIntent on the
// local Stripe-compatible server to the state a real card would, then redirects like Stripe does (not with
// `redirect: 'if_required'`, as for a card: the page goes on).
// Everything else — the app's pages, its API, the SDK talking to "Stripe" — runs as in production.
//
// Test cards (as Stripe's): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined;
// 4000 0000 0000 3220 stays processing (a bank that answers later).
import type { Page } from '@playwright/test';

const FAKE_STRIPE_JS = String.raw`(() => {
  function Element(host) {
    const handlers = {};
    let node = null;
    return {
      mount(target) {
        node = typeof target === 'string' ? document.querySelector(target) : target;
        node.innerHTML = '<div data-testid="fake-payment-element" style="display:grid;gap:8px">' +
          '<label style="display:grid;gap:4px;font-size:14px">Card number<input name="cardnumber" autocomplete="cc-number" inputmode="numeric" style="padding:10px;border:1px solid #868e96;border-radius:8px;font-size:16px"></label>' +
          '<div style="display:grid;grid-template-columns:1fr 1fr;gap:8px">' +
          '<label style="display:grid;gap:4px;font-size:14px">Expiry<input name="exp-date" autocomplete="cc-exp" style="padding:10px;border:1px solid #868e96;border-radius:8px;font-size:16px"></label>' +
          '<label style="display:grid;gap:4px;font-size:14px">CVC<input name="cvc" autocomplete="cc-csc" style="padding:10px;border:1px solid #868e96;border-radius:8px;font-size:16px"></label>' +
          '</div></div>';
        setTimeout(() => (handlers.ready || []).forEach((cb) => cb({ elementType: 'payment' })), 30);
      },
      on(event, cb) { (handlers[event] = handlers[event] || []).push(cb); return this; },
      off(event, cb) { handlers[event] = (handlers[event] || []).filter((x) => x !== cb); return this; },
      update() {},
      unmount() { if (node) node.innerHTML = ''; },
      destroy() { if (node) node.innerHTML = ''; },
      cardNumber() { return (node && node.querySelector('input[name=cardnumber]').value || '').replace(/\s+/g, ''); },
    };
  }
  function Elements(options) {
    const created = [];
    return {
      _options: options,
      create(type) { const el = Element(this); created.push(el); return el; },
      getElement() { return created[0] || null; },
      update() {},
      submit: async () => ({}),
      fetchUpdates: async () => ({}),
      _card() { return created[0] ? created[0].cardNumber() : ''; },
    };
  }
  window.Stripe = function Stripe(key) {
    return {
      _key: key,
      elements: (options) => Elements(options),
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      registerAppInfo() {},
      _registerWrapper() {},
      async confirmPayment({ elements, confirmParams, redirect }) {
        const secret = elements._options.clientSecret;
        const id = secret.split('_secret_')[0];
        const card = elements._card();
        if (card === '4000000000000002') {
          await window.__admitoneStripeIntent(id, 'requires_payment_method', true);
          return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        }
        const status = card === '4000000000003220' ? 'processing' : 'succeeded';
        await window.__admitoneStripeIntent(id, status, false);
        // As Stripe: a card needs no redirect when the page asks for one only if required.
        if (redirect === 'if_required') return { paymentIntent: { id, status } };
        const url = new URL(confirmParams.return_url);
        url.searchParams.set('payment_intent', id);
        url.searchParams.set('payment_intent_client_secret', secret);
        url.searchParams.set('redirect_status', status === 'succeeded' ? 'succeeded' : 'pending');
        window.location.assign(url.toString());
        return new Promise(() => {});
      },
    };
  };
  window.Stripe.version = 'endive';
})();`;

/** Serves the stand-in Stripe.js to this page and lets it move intents through the e2e server's control port. */
export async function installFakeStripe(page: Page, controlPort: number): Promise<void> {
  await page.exposeFunction('__admitoneStripeIntent', async (id: string, status: string, declined: boolean) => {
    const res = await fetch(`http://127.0.0.1:${controlPort}/stripe/intent-status`, {
      method: 'POST',
      body: JSON.stringify({ id, status, declined }),
    });
    if (!res.ok) throw new Error(`stripe control answered ${res.status}`);
    return true;
  });
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
}

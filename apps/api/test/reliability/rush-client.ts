/** A buyer's sale as the server answered it: the order is COMPLETED with `quantity` tickets. */
export interface Sale {
  shortId: string;
  quantity: number;
  /** The order's secret (its buyer's pages need it). */
  secret: string;
}

export interface Target {
  eventId: number;
  ticketId: number;
}

type Answer = {
  data?: unknown;
  error?: { code: string };
  checkout_token?: string;
  order_secret?: string;
  token?: string;
};

/** Talks to a running server's API over HTTP, as a browser would; `token` is the organizer's when set. */
export function apiClient(api: () => string) {
  const client = {
    token: '',
    async call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${api()}${p}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer };
    },

    /**
     * Signs up (`signUpLink` reads the mailed link's token wherever this server's mail goes), creates an
     * organizer and `events` events of one FREE ticket each; returns them (drafts).
     */
    async setUp(
      email: string,
      password: string,
      events: Array<{ title: string; quantity: number }>,
      signUpLink: (email: string) => Promise<string>,
    ) {
      const signingUp = await client.call('POST', '/auth/register', {
        name: 'Crash Test',
        email,
        password,
        password_confirmation: password,
        accept_terms: true,
        timezone: 'UTC',
      });
      if (signingUp.status !== 202) throw new Error(`sign-up answered ${signingUp.status}`);
      const signedUp = await client.call('POST', `/auth/confirm-sign-up/${await signUpLink(email)}`, {});
      client.token = signedUp.body.token!;
      const organizer = (await client.call('POST', '/organizers', { name: 'Crash Hall', email: 'hall@example.test' }))
        .body.data as { id: number };
      const made: Target[] = [];
      for (const e of events) {
        const event = (
          await client.call('POST', '/events', {
            title: e.title,
            organizer_id: organizer.id,
            start_date: '2035-01-01T19:00',
            end_date: '2035-01-01T23:00',
            timezone: 'UTC',
            currency: 'EUR',
          })
        ).body.data as { id: number };
        const ticket = (
          await client.call('POST', `/events/${event.id}/tickets`, {
            name: 'Entry',
            type: 'FREE',
            quantity: e.quantity,
            max_per_order: 4,
          })
        ).body.data as { id: number };
        made.push({ eventId: event.id, ticketId: ticket.id });
      }
      return made;
    },

    /** One buyer: reserve 1–2 tickets, then (unless abandoning) give the details; a free order completes at once. */
    async buy(
      target: Target,
      n: number,
      abandon: boolean,
      quantity = 1 + (n % 2),
    ): Promise<{ sale?: Sale; kind?: string }> {
      const buyer = { ...client, token: '' };
      // Each buyer from an address of its own, as on a real on-sale (the per-client fairness caps stay on).
      const from = { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
      const reserved = await buyer.call(
        'POST',
        `/public/events/${target.eventId}/order`,
        { items: [{ ticket_id: target.ticketId, quantity }], expected_total: 0 },
        from,
      );
      if (reserved.status !== 201) return { kind: reserved.body.error?.code ?? `HTTP ${reserved.status}` };
      const order = reserved.body.data as { short_id: string; attendees: Array<{ short_id: string }> };
      if (abandon) return { kind: 'abandoned' };
      const details = {
        first_name: 'Buyer',
        last_name: `Number ${n}`,
        email: `buyer-${n}@example.test`,
        answers: {},
        attendees: order.attendees.map((a, i) => ({
          short_id: a.short_id,
          first_name: 'Guest',
          last_name: `${n}-${i}`,
          email: `guest-${n}-${i}@example.test`,
          answers: {},
        })),
      };
      const done = await buyer.call(
        'PUT',
        `/public/events/${target.eventId}/order/${order.short_id}/details`,
        details,
        { 'x-checkout-token': reserved.body.checkout_token!, 'x-order-secret': reserved.body.order_secret!, ...from },
      );
      const status = (done.body.data as { status?: string } | undefined)?.status;
      if (done.status !== 200 || status !== 'COMPLETED')
        return { kind: `details ${done.status} ${done.body.error?.code ?? status}` };
      return { sale: { shortId: order.short_id, quantity, secret: reserved.body.order_secret! } };
    },

    /**
     * `clients` buyers in a loop until `stop()` says so, a request fails (the server died) or the tickets
     * are gone. Past `browseAfter` sales the buyers stop buying and only look at the event page, so a test
     * waiting for a moment to kill the server finds them still busy, not sold out and gone home.
     */
    async rush(
      target: Target,
      clients: number,
      stop: (completed: number) => boolean,
      abandonEvery = 0,
      browseAfter = Infinity,
    ) {
      const sales: Sale[] = [];
      const kinds: Record<string, number> = {};
      let n = 0;
      let soldOut = false;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (!stop(sales.length) && !soldOut) {
            const i = n++;
            let r: { sale?: Sale; kind?: string };
            try {
              if (sales.length >= browseAfter) {
                await client.call('GET', `/public/events/${target.eventId}`);
                await new Promise((done) => setTimeout(done, 20));
                continue;
              }
              const abandon = abandonEvery > 0 && i % abandonEvery === abandonEvery - 1;
              r = await client.buy(target, i, abandon);
              // Two asked for with one left is not sold out: that buyer takes the last one.
              if (r.kind === 'NO_TICKETS_AVAILABLE' && 1 + (i % 2) === 2) r = await client.buy(target, i, abandon, 1);
            } catch {
              kinds['connection lost'] = (kinds['connection lost'] ?? 0) + 1;
              return;
            }
            if (r.sale) sales.push(r.sale);
            else kinds[r.kind!] = (kinds[r.kind!] ?? 0) + 1;
            if (r.kind === 'NO_TICKETS_AVAILABLE') soldOut = true;
          }
        }),
      );
      return { sales, kinds };
    },
  };
  return client;
}

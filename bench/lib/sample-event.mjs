// The live event the page benchmarks open: an organizer signs up, creates a concert with four tickets
// (paid, free and donation; offline payments so the paid ones may sell) and puts it on sale, through the
// API of a server started with startBenchServer. Answers the event and its public page's address.
export async function liveSampleEvent(bench, base) {
  const { json, dbName } = bench;
  const auth = await bench.signUp({
    name: 'Bench',
    email: `bench-${dbName}@example.test`,
    password: 'bench-password-1',
    password_confirmation: 'bench-password-1',
    accept_terms: true,
    timezone: 'UTC',
  });
  const t = auth.token;
  const organizer = (await json('POST', '/organizers', { name: 'Bench Hall', email: 'hall@example.test' }, t)).data;
  const event = (
    await json(
      'POST',
      '/events',
      {
        title: 'Summer Night Concert',
        description: '<p>An evening of music under the stars. Doors open at 18:00.</p>',
        organizer_id: organizer.id,
        start_date: '2035-07-01T19:00',
        end_date: '2035-07-01T23:00',
        timezone: 'Europe/Paris',
        currency: 'EUR',
      },
      t,
    )
  ).data;
  for (const spec of [
    { name: 'Early bird', type: 'PAID', price: 1500, quantity: 200 },
    { name: 'Standard', type: 'PAID', price: 2500, quantity: 1000 },
    { name: 'Student', type: 'FREE', quantity: 100 },
    { name: 'Support the band', type: 'DONATION', min_price: 500 },
  ]) {
    const res = await json('POST', `/events/${event.id}/tickets`, spec, t);
    if (!res.data) throw new Error(`ticket: ${JSON.stringify(res)}`);
  }
  // Paid tickets go on sale only with a way to pay: offline payments here (no Stripe account in a bench).
  const paying = await json(
    'PUT',
    `/events/${event.id}/settings`,
    { offline_payments_enabled: true, offline_payment_instructions: '<p>Pay at the door.</p>' },
    t,
  );
  if (!paying.data) throw new Error(`payment settings: ${JSON.stringify(paying)}`);
  const live = await json('PUT', `/events/${event.id}/status`, { status: 'LIVE' }, t);
  if (live.data?.status !== 'LIVE') throw new Error(`going live: ${JSON.stringify(live)}`);
  return { event, token: t, eventUrl: `${base}/event/${event.id}/${event.slug ?? 'event'}` };
}

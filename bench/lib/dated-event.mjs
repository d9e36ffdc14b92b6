// The live event the dates benchmarks sell: in Berlin, on 1 January 2035 from 19:30 to 22:00, with one free
// ticket "Seat" (`ticket` adds to it), made through the API and put live directly in the database.
export async function liveDatedEvent(bench, db, { token, organizerId, title, ticket = {} }) {
  const event = (
    await bench.json(
      'POST',
      '/events',
      {
        title,
        organizer_id: organizerId,
        start_date: '2035-01-01T19:30',
        end_date: '2035-01-01T22:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
      token,
    )
  ).data;
  const made = (
    await bench.json('POST', `/events/${event.id}/tickets`, { name: 'Seat', type: 'FREE', ...ticket }, token)
  ).data;
  if (!made) throw new Error('ticket not created');
  await db.query(`update events set status = 'LIVE' where id = $1`, [event.id]);
  return { eventId: event.id, slug: event.slug, ticketId: made.id };
}

/**
 * `perDate` completed free orders of one "Seat" each on every date of the event, written straight into the
 * tables (a bench's sales, not a checkout's), then the counters set from the rows as the stock module keeps
 * them, and the tables analysed.
 */
export async function sellOnEveryDate(db, databaseUrl, { eventId, ticketId }, perDate) {
  await db.query(
    `with o as (
       insert into orders (account_id, event_id, short_id, order_number, checkout_token_hash, status, payment_status, currency, subtotal, total, locale, completed_at)
       select e.account_id, e.id, 'ds' || d.id || '-' || g, 'D-' || d.id || '-' || g, 'bench', 'COMPLETED', 'NO_PAYMENT_REQUIRED', 'EUR', 0, 0, 'en', now()
       from events e join event_dates d on d.event_id = e.id, generate_series(1, $2::int) g where e.id = $1
       returning id, account_id, event_id, short_id),
     i as (
       insert into order_items (order_id, ticket_id, event_date_id, ticket_name, quantity, unit, total)
       select o.id, $3, split_part(substr(o.short_id, 3), '-', 1)::int, 'Seat', 1,
              '{"base":0,"discount":0,"price":0,"fees":[],"taxes":[],"fee_total":0,"tax_total":0,"total":0}'::jsonb, 0 from o
       returning id, order_id, event_date_id)
     insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, event_date_id, short_id, status, locale, position)
     select o.account_id, o.event_id, o.id, i.id, $3, i.event_date_id, 'ads' || i.id, 'ACTIVE', 'en', 0 from o join i on i.order_id = o.id`,
    [eventId, perDate, ticketId],
  );
  await db.query('analyze orders; analyze attendees; analyze ticket_dates; analyze event_dates');
  const { openDatabase } = await import('../../apps/api/src/db/client.ts');
  const { repairDrift } = await import('../../apps/api/src/modules/inventory/reconcile.ts');
  const database = openDatabase(databaseUrl);
  await repairDrift(database.db, eventId);
  await database.close();
}

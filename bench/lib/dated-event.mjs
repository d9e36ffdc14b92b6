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

import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

import { accountUsers } from './accounts.js';
import { events, organizers } from './events.js';

/**
 * The events a door-staff member works (roles limited to some events, `roleHasEventScope`). A deleted
 * event or membership takes its rows with it; the other roles have none.
 */
export const membershipEvents = pgTable(
  'membership_events',
  {
    membership_id: integer('membership_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membership_id, t.event_id] }), index('membership_events_event_idx').on(t.event_id)],
);

/**
 * The organizers an Organizer-role member is limited to (`roleHasOrganizerScope`), and through them their events (those
 * made later too). None: every organizer of the account. A deleted organizer or membership takes its rows with it.
 */
export const membershipOrganizers = pgTable(
  'membership_organizers',
  {
    membership_id: integer('membership_id')
      .notNull()
      .references(() => accountUsers.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.membership_id, t.organizer_id] }),
    index('membership_organizers_organizer_idx').on(t.organizer_id),
  ],
);

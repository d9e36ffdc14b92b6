import { eq } from 'drizzle-orm';

import type { Db } from '../db/client.js';
import { events } from '../db/schema/index.js';
import { createUserWithAccount } from '../modules/auth/confirm-sign-up.js';
import { createEvent } from '../modules/events/create-event.js';
import { insertOrganizer } from '../modules/organizers/organizers.repository.js';
import { findUserByEmail, membershipsOf } from '../modules/users/users.repository.js';
import type { Clock } from '../shared/clock.js';
import { seedCatalogue } from './seed-catalogue.js';

export const DEMO_LOGIN = { email: 'demo@admitone.test', password: 'admitone-demo' } as const;

export interface SeedResult {
  created: boolean;
  email: string;
  password: string;
  accountId: number;
  eventIds: number[];
}

/**
 * The demo world shared by newcomers and end-to-end tests: one account, one organizer and four
 * events (live and upcoming, draft, live with a full catalogue to buy from, ended). Running it again changes nothing.
 */
export async function seed(db: Db, clock: Clock): Promise<SeedResult> {
  const existing = await findUserByEmail(db, DEMO_LOGIN.email);
  if (existing) {
    const [account] = await membershipsOf(db, existing.id);
    const rows = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.account_id, account!.id))
      .orderBy(events.id);
    return { created: false, ...DEMO_LOGIN, accountId: account!.id, eventIds: rows.map((r) => r.id) };
  }
  // Its address stays unconfirmed (the banner and the confirmation flow can be tried with it).
  const auth = await createUserWithAccount(
    { db, clock },
    {
      name: 'Demo Organizer',
      email: DEMO_LOGIN.email,
      password: DEMO_LOGIN.password,
      timezone: 'Europe/London',
      locale: 'en',
      emailVerified: false,
    },
  );
  const accountId = auth.accounts[0]!.id;
  const now = clock.now();
  const organizer = await insertOrganizer(db, {
    account_id: accountId,
    name: 'Riverside Music Hall',
    email: 'hello@riverside.test',
    description: 'Concerts and talks by the river since 1998.',
    website: 'https://riverside.test',
    created_at: now,
    updated_at: now,
  });
  const year = now.getUTCFullYear();
  const specs = [
    {
      title: 'Summer Jazz Festival',
      start_date: `${year + 1}-07-18T18:00`,
      end_date: `${year + 1}-07-18T23:00`,
      status: 'LIVE' as const,
      description: '<p>Three stages, twelve bands, one long summer evening.</p>',
    },
    {
      title: 'Autumn Lecture Series',
      start_date: `${year + 1}-10-02T19:30`,
      end_date: `${year + 1}-10-02T21:00`,
      status: 'DRAFT' as const,
      description: '<p>Evening talks on science and the city.</p>',
    },
    {
      title: 'Riverside Open Air',
      start_date: `${year + 1}-08-22T17:00`,
      end_date: `${year + 1}-08-22T23:30`,
      status: 'LIVE' as const,
      description: '<p>An evening of jazz, folk and food trucks on the riverside lawn.</p>',
    },
    {
      title: 'New Year Warm-up',
      start_date: `${year - 1}-12-30T20:00`,
      end_date: `${year - 1}-12-31T01:00`,
      status: 'LIVE' as const,
      description: "<p>Last year's party.</p>",
    },
  ];
  const eventIds: number[] = [];
  for (const spec of specs) {
    const event = await createEvent({ db, clock }, accountId, {
      title: spec.title,
      organizer_id: organizer.id,
      start_date: spec.start_date,
      end_date: spec.end_date,
      timezone: 'Europe/London',
      currency: 'GBP',
      description: spec.description,
    });
    if (spec.status !== 'DRAFT') await db.update(events).set({ status: spec.status }).where(eq(events.id, event.id));
    if (spec.title === 'Riverside Open Air')
      await seedCatalogue(db, clock, {
        id: event.id,
        account_id: accountId,
        timezone: 'Europe/London',
        currency: event.currency,
      });
    eventIds.push(event.id);
  }
  return { created: true, ...DEMO_LOGIN, accountId, eventIds };
}

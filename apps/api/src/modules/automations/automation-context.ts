import { isLocale, type Locale } from '@admitone/shared';
import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import type { MailSender } from '../../mail/sender.js';
import type { OrderMailEvent } from '../../mail/templates/order-mail-parts.js';
import type { Clock } from '../../shared/clock.js';
import type { FileStorage } from '../../storage/storage.js';
import type { OrderDate } from '../event-dates/order-dates.js';
import { orderMailEvent } from '../orders/order-mails.js';
import { eventMailSender } from '../organizers/organizer-mail-sender.js';

/** What the automations need: the database clock's time, links, and the organizer logo's address. */
export interface AutomationDeps {
  clock: Clock;
  appUrl: string;
  storage: Pick<FileStorage, 'url'>;
  /** Hands mails just committed to the mail lanes (the worker's kick), so a wave is sent while it is written. */
  deliver?: (outboxIds: number[]) => void;
  /**
   * Waits before each batch of a wave while the rest of the machine is busy (jobs/cpu-pressure.ts, as bulk mail
   * does): writing 50,000 reminders must not hold up a rush of buyers on the same host.
   */
  pace?: () => Promise<void>;
}

/** The event of a batch as its mails show it, per reader's language (titles may be translated), and its sender. */
export async function eventForMails(tx: Tx, deps: AutomationDeps, eventId: number, date: OrderDate | null) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  const byLocale = new Map<Locale, OrderMailEvent>();
  const first = await orderMailEvent(tx, event!, null, deps.appUrl, date);
  const sender: MailSender = await eventMailSender(tx, deps, event!, first.organizer);
  return {
    event: event!,
    sender,
    organizerId: event!.organizer_id,
    url: `${deps.appUrl}/event/${event!.id}/${event!.slug}`,
    async mailEvent(locale: string): Promise<OrderMailEvent> {
      const l: Locale = isLocale(locale) ? locale : 'en';
      let e = byLocale.get(l);
      if (!e) {
        e = (await orderMailEvent(tx, event!, l, deps.appUrl, date)).mailEvent;
        byLocale.set(l, e);
      }
      return e;
    },
  };
}

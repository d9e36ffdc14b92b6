import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { mailContacts, organizers } from '../../db/schema/index.js';
import type { MailUnsubscribe } from '../../mail/templates/layout.js';
import { DomainError } from '../../shared/errors.js';

/**
 * The unsubscribe links of addresses for an organizer's marketing-type mail (one row per address and organizer, made
 * on first use with a random token of 244 bits).
 */
export async function unsubscribeLinks(
  tx: Executor,
  appUrl: string,
  organizerId: number,
  emails: string[],
): Promise<Map<string, MailUnsubscribe>> {
  const unique = [...new Set(emails)];
  if (!unique.length) return new Map();
  await tx.execute(sql`insert into mail_contacts (organizer_id, email, token)
    select ${organizerId}, e, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    from unnest(${`{${unique.map((e) => `"${e.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]) as e
    on conflict (organizer_id, email) do nothing`);
  const rows = await tx
    .select({ email: mailContacts.email, token: mailContacts.token })
    .from(mailContacts)
    .where(and(eq(mailContacts.organizer_id, organizerId), inArray(mailContacts.email, unique)));
  return new Map(
    rows.map((r) => [
      r.email,
      { page_url: `${appUrl}/unsubscribe/${r.token}`, one_click_url: `${appUrl}/api/public/unsubscribe/${r.token}` },
    ]),
  );
}

/** Which of these addresses unsubscribed from the organizer's marketing-type mail. */
export async function unsubscribedAmong(tx: Executor, organizerId: number, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await tx
    .select({ email: mailContacts.email })
    .from(mailContacts)
    .where(
      and(
        eq(mailContacts.organizer_id, organizerId),
        inArray(mailContacts.email, emails),
        isNotNull(mailContacts.unsubscribed_at),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/** As SQL: the address (a lower-case expression) has unsubscribed from the organizer's marketing-type mail. */
export const unsubscribedFrom = (organizerId: number | ReturnType<typeof sql>, email: ReturnType<typeof sql>) =>
  sql`exists (select 1 from mail_contacts mc where mc.organizer_id = ${organizerId} and mc.email = ${email}
    and mc.unsubscribed_at is not null)`;

async function contactOf(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: mailContacts.id,
      email: mailContacts.email,
      unsubscribed_at: mailContacts.unsubscribed_at,
      organizer_name: organizers.name,
    })
    .from(mailContacts)
    .innerJoin(organizers, eq(organizers.id, mailContacts.organizer_id))
    .where(eq(mailContacts.token, token));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** Whose mail a link unsubscribes from, and whether it already did. */
export async function unsubscribeState(db: Executor, token: string) {
  const c = await contactOf(db, token);
  return { organizer_name: c.organizer_name, email: c.email, unsubscribed: c.unsubscribed_at !== null };
}

/** One click: the address gets no more marketing-type mail from the organizer (a repeat changes nothing). */
export async function unsubscribe(db: Db, token: string, now: Date) {
  const c = await contactOf(db, token);
  await db
    .update(mailContacts)
    .set({ unsubscribed_at: now })
    .where(and(eq(mailContacts.id, c.id), isNull(mailContacts.unsubscribed_at)));
  return { organizer_name: c.organizer_name, email: c.email, unsubscribed: true };
}

import type { App } from '../../src/app.js';
import { call } from '../test-app.js';

export interface RushResult {
  /** HTTP status -> how many answers. */
  statuses: Record<number, number>;
  /** Error code -> how many answers. */
  codes: Record<string, number>;
  /** Units the database holds for the target (sold + unexpired holds). */
  taken: number;
}

/**
 * Sends `buyers` reservations at once (each from its own "browser") and then reads what the
 * database holds for the target, so a test can compare it with the capacity.
 */
export async function rush(app: App, eventId: number, buyers: number, body: (i: number) => object, takenSql: string): Promise<RushResult> {
  const answers = await Promise.all(Array.from({ length: buyers }, (_, i) => call(app, 'POST', `/api/public/events/${eventId}/order`, { body: body(i) })));
  const statuses: Record<number, number> = {};
  const codes: Record<string, number> = {};
  for (const a of answers) {
    statuses[a.statusCode] = (statuses[a.statusCode] ?? 0) + 1;
    if (a.statusCode >= 400) {
      const err = a.json().error;
      const code = err.field_errors?.promo_code ? 'promo_code_invalid' : err.code;
      codes[code] = (codes[code] ?? 0) + 1;
    }
  }
  const { rows } = (await app.deps.database.db.execute(takenSql as never)) as unknown as { rows: Array<{ n: number }> };
  return { statuses, codes, taken: Number(rows[0]!.n) };
}

/** SQL counting the units held or sold of one event (the rush is over in seconds, far within any hold). */
export const takenOf = (eventId: number, where = '') =>
  `select count(*)::int as n from attendees a where a.event_id = ${eventId} and a.status in ('RESERVED', 'ACTIVE', 'AWAITING_PAYMENT') ${where}`;

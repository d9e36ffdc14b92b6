import type { Executor } from '../../db/client.js';
import { type AuthContext, worksEvent } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { requireEvent } from '../events/events.repository.js';

/**
 * The event a box-office route works on: the caller's account's, and one they work (box-office staff only those given
 * to them); any other is not found.
 */
export async function boxOfficeEvent(db: Executor, auth: AuthContext, eventId: number) {
  if (!worksEvent(auth, eventId)) throw new DomainError('NOT_FOUND');
  return requireEvent(db, auth.accountId, eventId);
}

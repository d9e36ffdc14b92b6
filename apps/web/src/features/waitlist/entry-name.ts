import type { WaitlistEntryDto } from '@admitone/shared';
import { personName } from '@admitone/shared';

/** "First Last" of a waitlist entry, or its e-mail address when no name was given. */
export const entryName = (e: Pick<WaitlistEntryDto, 'first_name' | 'last_name' | 'email'>): string =>
  personName(e) || e.email;

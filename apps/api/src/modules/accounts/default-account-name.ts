import { LIMITS, type Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';

const MESSAGES = {
  defaultName: /*i18n*/ { id: 'account.default_name', message: "{name}'s events" },
};

/**
 * The name of a new account: the organization typed at sign-up, else "{name}'s events" in the person's
 * language (a person's name alone reads as a person, not as the account the team shares). Their name
 * alone when that sentence would be longer than a name may be.
 */
export function newAccountName(person: { name: string; organization?: string | null }, locale: Locale): string {
  if (person.organization) return person.organization;
  const named = translate(locale, MESSAGES.defaultName, { name: person.name }).trim();
  return named.length <= LIMITS.NAME_MAX ? named : person.name;
}

import type { PublicAttendeeDto } from '@admitone/shared';

/** "Ada Lovelace" (missing parts left out). */
export const personName = (a: Pick<PublicAttendeeDto, 'first_name' | 'last_name'>) => [a.first_name, a.last_name].filter(Boolean).join(' ');

/** "Front stage (Early bird)" or just the ticket's name. */
export const ticketLabel = (a: Pick<PublicAttendeeDto, 'ticket_name' | 'tier_label'>) => (a.tier_label ? `${a.ticket_name} (${a.tier_label})` : a.ticket_name);

import type { PublicAttendeeDto } from '@admitone/shared';

/** "Front stage (Early bird)" or just the ticket's name. */
export const ticketLabel = (a: Pick<PublicAttendeeDto, 'ticket_name' | 'tier_label'>) =>
  a.tier_label ? `${a.ticket_name} (${a.tier_label})` : a.ticket_name;

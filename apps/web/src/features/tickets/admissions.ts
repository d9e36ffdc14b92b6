import type { TicketDto } from '@admitone/shared';

/**
 * The tickets that admit a person (not general products): what attendees, check-in lists and "ticket holders" choose
 * from.
 */
export const admissionsOf = <T extends Pick<TicketDto, 'product_type'>>(tickets: readonly T[] | undefined): T[] =>
  (tickets ?? []).filter((t) => t.product_type === 'TICKET');

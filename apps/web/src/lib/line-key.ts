/**
 * Key of a ticket's (or one tier's) line in a choice of tickets: the buyer's selector and seat picker, and the box
 * office, which takes the picker's seats by these keys.
 */
export const lineKey = (ticketId: number, tierId: number | null = null) =>
  tierId === null ? `${ticketId}` : `${ticketId}:${tierId}`;

import type { FieldErrors } from '@admitone/shared';

/**
 * Splits a reservation's field errors into ones about a ticket (`items.N...`, N indexing the request's
 * items) and the rest (`items`, `promo_code`), so each shows next to what it is about.
 */
export function splitReserveErrors(fieldErrors: FieldErrors, ticketIdOfItem: (index: number) => number | undefined) {
  const byTicket: Record<number, string> = {};
  const general: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const text = messages.join(' ');
    if (!text) continue;
    const match = /^items\.(\d+)(?:\.|$)/.exec(path);
    const ticketId = match ? ticketIdOfItem(Number(match[1])) : undefined;
    if (ticketId === undefined) general.push(text);
    else byTicket[ticketId] = byTicket[ticketId] ? `${byTicket[ticketId]} ${text}` : text;
  }
  return { byTicket, general };
}

import type { MessageSummaryDto, TicketDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

/** A short description of who a message went to: "All attendees", "Holders of VIP, Lawn", "Buyer of order O-123"... */
export function useRecipientSummary(tickets: TicketDto[] | undefined) {
  const { t } = useLingui();
  return useCallback(
    (m: Pick<MessageSummaryDto, 'recipient_type' | 'ticket_ids' | 'order_number' | 'attendee_ids'>): string => {
      switch (m.recipient_type) {
        case 'ALL_ATTENDEES':
          return t`All attendees`;
        case 'ALL_BUYERS':
          return t`Buyers of all orders`;
        case 'TICKET_HOLDERS': {
          const names = (tickets ?? [])
            .filter((x) => m.ticket_ids.includes(x.id))
            .map((x) => x.name)
            .join(', ');
          return names ? t`Holders of ${names}` : t`Holders of chosen tickets`;
        }
        case 'ORDER_BUYER': {
          const number = m.order_number;
          return number ? t`Buyer of order ${number}` : t`The buyer of one order`;
        }
        case 'ATTENDEES': {
          const chosen = m.attendee_ids.length;
          return plural(chosen, { one: '# chosen attendee', other: '# chosen attendees' });
        }
      }
    },
    [t, tickets],
  );
}

import type { TicketDto, TicketSaleState, TicketType } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

// Dot badges: the colour marks the state while the text keeps full contrast.
const SALE_COLORS: Record<TicketSaleState, string> = {
  ON_SALE: 'green',
  SALE_STARTS: 'blue',
  NOT_ON_SALE: 'gray',
  SOLD_OUT: 'red',
  SALE_ENDED: 'gray',
  HIDDEN: 'gray',
};

/**
 * The sale state of a ticket or tier; "sale starts" carries its date in the event's zone. While the
 * event is not live (`eventLive` false: a draft, or archived) nothing is on sale, whatever the ticket's
 * own dates say: "on sale" reads "on sale once live".
 */
export function SaleStateBadge({
  state,
  saleStart,
  timeZone,
  eventLive = true,
}: {
  state: TicketSaleState;
  saleStart: string | null;
  timeZone: string;
  eventLive?: boolean;
}) {
  const { i18n } = useLingui();
  const date = saleStart ? formatDateTime(saleStart, timeZone, i18n.locale) : '';
  if (!eventLive && state === 'ON_SALE') {
    return (
      <Badge variant="dot" color="gray" tt="none" data-state="ON_SALE_ONCE_LIVE">
        <Trans>On sale once the event is live</Trans>
      </Badge>
    );
  }
  const label = {
    ON_SALE: <Trans>On sale</Trans>,
    SALE_STARTS: date ? <Trans>Sale starts {date}</Trans> : <Trans>Sale starts</Trans>,
    NOT_ON_SALE: <Trans>Not on sale</Trans>,
    SOLD_OUT: <Trans>Sold out</Trans>,
    SALE_ENDED: <Trans>Sale ended</Trans>,
    HIDDEN: <Trans>Hidden</Trans>,
  }[state];
  return (
    <Badge variant="dot" color={SALE_COLORS[state]} tt="none" data-state={state}>
      {label}
    </Badge>
  );
}

/** Free, paid, donation or tiered. */
export function TicketTypeBadge({ type }: { type: TicketType }) {
  const label = {
    FREE: <Trans>Free</Trans>,
    PAID: <Trans>Paid</Trans>,
    DONATION: <Trans>Donation</Trans>,
    TIERED: <Trans>Tiered</Trans>,
  }[type];
  return (
    <Badge variant="light" color="violet">
      {label}
    </Badge>
  );
}

/**
 * "Product" or "Add-on" for what is not a ticket, "Pass" for a ticket that admits on each of its dates (a plain ticket
 * needs no badge: most are).
 */
export function ProductKindBadge({
  ticket,
}: {
  ticket: Pick<TicketDto, 'product_type' | 'addon_max_per_ticket'> & Partial<Pick<TicketDto, 'is_pass'>>;
}) {
  if (ticket.product_type === 'TICKET')
    return ticket.is_pass ? (
      <Badge variant="outline" color="grape" data-testid="product-kind">
        <Trans>Pass</Trans>
      </Badge>
    ) : null;
  const per = ticket.addon_max_per_ticket;
  return (
    <Badge variant="outline" color="grape" data-testid="product-kind">
      {per === null ? <Trans>Product</Trans> : <Trans>Add-on, up to {per} per ticket</Trans>}
    </Badge>
  );
}

/**
 * "Box office only" or "Online only" for a ticket sold on one channel (most are sold on both: no badge). The colour
 * keeps 4.5:1 text contrast (axe).
 */
export function SalesChannelBadge({ ticket }: { ticket: Pick<TicketDto, 'sold_online' | 'sold_at_box_office'> }) {
  if (ticket.sold_online && ticket.sold_at_box_office) return null;
  return (
    <Badge variant="outline" color="indigo.9" data-testid="sales-channel">
      {ticket.sold_online ? <Trans>Online only</Trans> : <Trans>Box office only</Trans>}
    </Badge>
  );
}

import type { PublicTicketPageDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';

import { qrCodeSrc } from '../checkout/paths';

/** Why a ticket shows no QR code (cancelled, or not paid yet). */
export function NoQrReason({ ticket }: { ticket: PublicTicketPageDto }) {
  const cancelled = ticket.attendee.status === 'CANCELLED' || ticket.order_status === 'CANCELLED';
  const unpaid = ticket.attendee.status === 'AWAITING_PAYMENT' || ticket.order_status === 'AWAITING_PAYMENT';
  return (
    <Text fw={500} data-testid="no-qr">
      {cancelled ? (
        <Trans>This ticket has been cancelled. It has no QR code and cannot be used for entry.</Trans>
      ) : unpaid ? (
        <Trans>The QR code appears once the organizer has received the payment for this order.</Trans>
      ) : (
        <Trans>This ticket is not valid, so it has no QR code.</Trans>
      )}
    </Text>
  );
}

/** The QR code to show at the entrance, only for a valid ticket. */
export function TicketQr({
  ticket,
  eventId,
  className,
  onLoad,
}: {
  ticket: PublicTicketPageDto;
  eventId: number;
  className?: string;
  onLoad?: () => void;
}) {
  const { t } = useLingui();
  if (!ticket.qr_code) return <NoQrReason ticket={ticket} />;
  const name = personName(ticket.attendee);
  return (
    <img
      src={qrCodeSrc(eventId, ticket.attendee.short_id)}
      alt={t`QR code for ${name}'s ticket`}
      width={220}
      height={220}
      className={className}
      onLoad={onLoad}
      onError={onLoad}
      style={{ display: 'block', background: '#fff' }}
    />
  );
}

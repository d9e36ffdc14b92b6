import type { EventDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';

import { DetailDrawer } from '../../../components/DetailDrawer';
import { useLastValue } from '../../../lib/use-last-value';
import { useOrder } from '../api/orders';
import { OrderDetail } from './OrderDetail';

interface OrderDrawerProps {
  event: EventDto;
  /** The order in the address (`?order=`); null: closed. */
  orderId: number | null;
  onClose: () => void;
  /** The event has several dates: the order names the one it is for. */
  showDates?: boolean;
}

/** The order detail beside the list, opened from a row or a link. */
export function OrderDrawer({ event, orderId, onClose, showDates = false }: OrderDrawerProps) {
  // Keep showing the order while the drawer slides out.
  const shownId = useLastValue(orderId);
  const order = useOrder(event.id, shownId);
  const number = order.data?.order_number;
  return (
    <DetailDrawer
      opened={orderId !== null}
      onClose={onClose}
      title={number ? <Trans>Order {number}</Trans> : <Trans>Order</Trans>}
      size="xl"
      query={order}
      skeleton={[90, 160, 120]}
      notFound={<Trans>This order does not exist, or it belongs to another event.</Trans>}
    >
      {(data) => <OrderDetail event={event} order={data} showDates={showDates} />}
    </DetailDrawer>
  );
}

import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Drawer, Skeleton, Stack } from '@mantine/core';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { hasStatus } from '../../../lib/api-error';
import { useLastValue } from '../../../lib/use-last-value';
import { useOrder } from '../api/orders';
import { OrderDetail } from './OrderDetail';

interface OrderDrawerProps {
  event: EventDto;
  /** The order in the address (`?order=`); null: closed. */
  orderId: number | null;
  onClose: () => void;
}

/** The order detail beside the list, opened from a row or a link. */
export function OrderDrawer({ event, orderId, onClose }: OrderDrawerProps) {
  const { t } = useLingui();
  // Keep showing the order while the drawer slides out.
  const shownId = useLastValue(orderId);
  const order = useOrder(event.id, shownId);
  const number = order.data?.order_number;
  return (
    <Drawer.Root opened={orderId !== null} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's default <header>: a second banner landmark confuses screen readers. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="lg">
            {number ? <Trans>Order {number}</Trans> : <Trans>Order</Trans>}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t`Close`} />
        </Drawer.Header>
        <Drawer.Body>
          {order.isPending ? (
            <Stack gap="md" role="status" aria-label={t`Loading…`}>
              <Skeleton height={28} width="50%" />
              <Skeleton height={90} />
              <Skeleton height={160} />
              <Skeleton height={120} />
            </Stack>
          ) : order.isError ? (
            hasStatus(order.error, 404) ? (
              <Alert color="red" variant="light" role="alert">
                <Trans>This order does not exist, or it belongs to another event.</Trans>
              </Alert>
            ) : (
              <FormErrorAlert error={order.error} />
            )
          ) : (
            <OrderDetail event={event} order={order.data} />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

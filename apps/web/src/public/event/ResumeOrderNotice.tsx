import type { PublicOrderDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { Link } from '../../lib/history-navigation';
import { fetchOrder } from '../checkout/order-api';
import { checkoutRoute } from '../checkout/order-state';
import { checkoutPath } from '../checkout/paths';
import { openOrders } from '../lib/checkout-token';

/**
 * A buyer who closed the tab during checkout and opens the event page again in the same browser finds
 * the order still held for them, with the time left and a way back to where they were (details or
 * payment). Shown only while the hold lasts and only to the browser that holds it.
 */
export function ResumeOrderNotice({ eventId }: { eventId: number }) {
  const { t } = useLingui();
  const [order, setOrder] = useState<PublicOrderDto | null>(null);
  useEffect(() => {
    const shortId = openOrders.get(eventId);
    if (!shortId) return;
    const controller = new AbortController();
    fetchOrder(eventId, shortId, controller.signal)
      .then((o) => {
        const route = checkoutRoute(o);
        if (route.kind === 'details' || route.kind === 'payment') setOrder(o);
        else openOrders.clear(eventId);
      })
      .catch(() => {
        if (!controller.signal.aborted) openOrders.clear(eventId);
      });
    return () => controller.abort();
  }, [eventId]);
  if (!order?.reserved_until) return null;
  const route = checkoutRoute(order);
  const step = route.kind === 'payment' ? 'payment' : 'details';
  const minutes = Math.max(1, Math.ceil((Date.parse(order.reserved_until) - Date.parse(order.server_now)) / 60_000));
  const title = t`Your order is still in progress`;
  return (
    <Alert
      color="violet"
      variant="light"
      icon={<IconClockHour4 size={18} aria-hidden />}
      title={title}
      role="region"
      aria-label={title}
      data-testid="resume-order"
    >
      <Plural
        value={minutes}
        one="Your tickets are held for you for about # more minute."
        other="Your tickets are held for you for about # more minutes."
      />
      <Button
        component={Link}
        href={checkoutPath(eventId, order.short_id, step)}
        size="sm"
        mt="sm"
        display="block"
        w="fit-content"
      >
        <Trans>Continue your order</Trans>
      </Button>
    </Alert>
  );
}

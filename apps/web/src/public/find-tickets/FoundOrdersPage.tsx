import type { FoundOrderDto } from '@admitone/shared';
import { formatDateRange, formatMoney, formatOrderDate } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';

import { hasStatus } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-text';
import { Link } from '../../lib/history-navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout, CheckoutLoading } from '../checkout/CheckoutLayout';
import { OrderStatusBadge } from '../checkout/OrderStatusBadge';
import { useLoaded } from '../lib/use-loaded';
import { fetchOrderLookup, findTicketsPath } from './find-tickets-api';

/** One order of the list: its event, number, status, tickets and total, and the way to open it. */
function FoundOrder({ order }: { order: FoundOrderDto }) {
  const { i18n } = useLingui();
  const tickets = order.tickets;
  return (
    <Paper component="li" withBorder radius="md" p="md" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4">
              {order.event_title}
            </Title>
            <Text size="sm" c="dimmed">
              {order.date
                ? formatOrderDate(order.date, order.event_timezone, i18n.locale)
                : formatDateRange(order.event_start_date, null, order.event_timezone, i18n.locale)}
            </Text>
          </div>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Text size="sm">
          <Trans>Order {order.order_number}</Trans> · <Plural value={tickets} one="# ticket" other="# tickets" /> ·{' '}
          {order.total === 0 ? <Trans>Free</Trans> : formatMoney(order.total, order.currency, i18n.locale)}
        </Text>
        <Group>
          {/* The address carries the order's secret after '#': a full load lets the order page keep it. */}
          <Button component="a" href={order.order_path} size="sm" variant="light">
            <Trans>Open order {order.order_number}</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `/find-tickets/:eventId/:token`: the orders a "find my tickets" mail links to, while the link works. */
export default function FoundOrdersPage({ eventId, token }: { eventId: number; token: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Your orders`);
  const { data, error, loading, reload } = useLoaded(
    (signal) => fetchOrderLookup(eventId, token, i18n.locale, signal),
    `${eventId}|${token}|${i18n.locale}`,
  );

  if (loading && !data) return <CheckoutLoading />;
  if (error || !data) {
    const gone = hasStatus(error, 410) || hasStatus(error, 404);
    return (
      <CheckoutLayout>
        <Stack align="center" ta="center" gap="md" py="lg">
          <Title order={1} size="h2">
            {hasStatus(error, 410) ? (
              <Trans>This link has expired</Trans>
            ) : hasStatus(error, 404) ? (
              <Trans>This link is not valid</Trans>
            ) : (
              <Trans>Something went wrong</Trans>
            )}
          </Title>
          <Text>
            {gone ? (
              <Trans>Enter your e-mail address again and we will send you a new link.</Trans>
            ) : (
              errorMessage(error, i18n)
            )}
          </Text>
          {gone ? (
            <Button component={Link} href={findTicketsPath(eventId)}>
              <Trans>Get a new link</Trans>
            </Button>
          ) : (
            <Button onClick={reload}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </Stack>
      </CheckoutLayout>
    );
  }

  const until = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(data.expires_at),
  );
  return (
    <CheckoutLayout size="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Your orders</Trans>
        </Title>
        <Text>
          {data.scope === 'EVENT' ? (
            <Trans>
              Orders of {data.email} for {data.event_title}
            </Trans>
          ) : (
            <Trans>
              Orders of {data.email} for events by {data.organizer_name}
            </Trans>
          )}
        </Text>
      </Stack>
      {data.orders.length ? (
        <Stack component="ul" gap="sm" p={0} m={0}>
          {data.orders.map((order) => (
            <FoundOrder key={`${order.event_id}-${order.order_number}`} order={order} />
          ))}
        </Stack>
      ) : (
        <Text>
          <Trans>There are no orders of this address any more.</Trans>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        <Trans>This page works until {until}. Keep your order e-mails: they open your orders at any time.</Trans>
      </Text>
    </CheckoutLayout>
  );
}

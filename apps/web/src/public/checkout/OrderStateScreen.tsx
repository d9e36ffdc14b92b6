import type { PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconClockX, IconHourglass, IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';

import { Link } from '../../lib/history-navigation';
import { errorMessage } from '../../lib/validation';
import { eventPagePath } from '../router/match-route';
import { CheckoutLayout } from './CheckoutLayout';
import { FreshOrderLink } from './FreshOrderLink';
import type { BuyerState } from './order-state';
import { checkoutPath } from './paths';

interface OrderStateScreenProps {
  state: BuyerState;
  eventId: number;
  shortId: string;
  /** The order when it loaded (colours, event link, support address). */
  order?: PublicOrderDto | null;
  /** The failed load, for the generic error screen. */
  error?: unknown;
  onRetry?: () => void;
  /** What else the screen shows of the order, under the message (a cancelled order's invoices). */
  children?: ReactNode;
}

/** A buyer's order in a state the checkout cannot continue from: one honest screen each. */
export function OrderStateScreen({ state, eventId, shortId, order, error, onRetry, children }: OrderStateScreenProps) {
  const { t, i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [state]);

  const eventHref = order ? eventPagePath(eventId, order.event.slug) : `/event/${eventId}`;
  const backToEvent = (
    <Button component={Link} href={eventHref}>
      {state === 'expired' ? <Trans>Start a new order</Trans> : <Trans>Back to the event</Trans>}
    </Button>
  );
  const summary = (
    <Button component={Link} href={checkoutPath(eventId, shortId, 'summary')}>
      <Trans>View order summary</Trans>
    </Button>
  );

  const screens: Record<
    BuyerState,
    { icon: ReactNode; color: string; title: string; text: string; action?: ReactNode }
  > = {
    expired: {
      icon: <IconClockX aria-hidden />,
      color: 'orange.9',
      title: t`Your order has expired`,
      text: t`Sorry, your order has expired. Please start a new order.`,
      action: backToEvent,
    },
    cancelled: {
      icon: <IconBan aria-hidden />,
      color: 'red.9',
      title: t`This order has been cancelled`,
      text: t`The tickets of this order are no longer valid.`,
      action: backToEvent,
    },
    paid: {
      icon: <IconCircleCheck aria-hidden />,
      color: 'teal.9',
      title: t`This order has already been paid.`,
      text: t`Your tickets are on the order summary.`,
      action: summary,
    },
    processing: {
      icon: <IconHourglass aria-hidden />,
      color: 'violet.7',
      title: t`Your payment is being processed`,
      text: t`This usually takes a few seconds. We will e-mail you as soon as the order is confirmed.`,
      action: onRetry ? (
        <Button onClick={onRetry}>
          <Trans>Check again</Trans>
        </Button>
      ) : (
        summary
      ),
    },
    failed: {
      icon: <IconAlertTriangle aria-hidden />,
      color: 'red.9',
      title: t`Payment failed`,
      text: t`We could not process your payment. Please try again or contact support.`,
      action: backToEvent,
    },
    unavailable: {
      icon: <IconBan aria-hidden />,
      color: 'gray.7',
      title: t`This order page is no longer available`,
      text: t`The order was continued in another browser or replaced by a newer order.`,
      action: backToEvent,
    },
    // Also an old link from an e-mail sent before order links had a secret, or a link cut short: the
    // server answers both like an order that does not exist (docs/SECURITY.md).
    not_found: {
      icon: <IconLock aria-hidden />,
      color: 'gray.7',
      title: t`This link does not open the order`,
      text: t`To protect the buyer's details, an order opens only with the link from its latest e-mail. Links from older e-mails no longer open it, but we can e-mail the buyer a fresh one.`,
      action: <FreshOrderLink eventId={eventId} shortId={shortId} />,
    },
    error: {
      icon: <IconAlertTriangle aria-hidden />,
      color: 'red.9',
      title: t`Something went wrong`,
      text: errorMessage(error, i18n),
      action: onRetry ? (
        <Button onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      ) : undefined,
    },
  };
  const screen = screens[state];
  const support = order?.event.support_email;

  return (
    <CheckoutLayout colors={order?.event.colors}>
      <Stack align="center" ta="center" gap="md" py="lg" data-testid={`order-state-${state}`}>
        <ThemeIcon size={56} radius="xl" color={screen.color}>
          {screen.icon}
        </ThemeIcon>
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {screen.title}
        </Title>
        {order && <Text fw={500}>{order.event.title}</Text>}
        <Text>{screen.text}</Text>
        {support && (
          <Text size="sm">
            <Trans>
              Questions? Contact the organizer at <Anchor href={`mailto:${support}`}>{support}</Anchor>.
            </Trans>
          </Text>
        )}
        {screen.action && <Group justify="center">{screen.action}</Group>}
      </Stack>
      {children}
    </CheckoutLayout>
  );
}

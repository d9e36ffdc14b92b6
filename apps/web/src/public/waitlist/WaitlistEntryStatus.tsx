import type { PublicWaitlistEntryDto, WaitlistState } from '@admitone/shared';
import { formatDateTime, formatTimeZoneName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconClockX, IconHourglass, IconTicket } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';

import { Link } from '../../lib/history-navigation';

interface StatusView {
  icon: ReactNode;
  color: string;
  title: string;
  text: ReactNode;
  action?: ReactNode;
}

/** Where a waitlist entry stands, in words: the place in line, the offer and its checkout, or why it is over. */
export function WaitlistEntryStatus({
  entry,
  headingRef,
}: {
  entry: PublicWaitlistEntryDto;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useLingui();
  const position = entry.position;
  const until = entry.offer_expires_at
    ? `${formatDateTime(entry.offer_expires_at, entry.event_timezone, i18n.locale)} (${formatTimeZoneName(entry.offer_expires_at, entry.event_timezone, i18n.locale)})`
    : '';
  const eventLink = (
    <Button component={Link} href={`/event/${entry.event_id}`} variant="light">
      <Trans>Go to the event page</Trans>
    </Button>
  );
  const over: StatusView = {
    icon: <IconBan aria-hidden />,
    color: 'gray.7',
    title: t`You are no longer on this waitlist`,
    text:
      entry.state === 'REMOVED' ? (
        <Trans>The organizer has taken you off the waitlist.</Trans>
      ) : (
        <Trans>You have left the waitlist.</Trans>
      ),
    action: eventLink,
  };
  const views: Record<WaitlistState, StatusView> = {
    WAITING: {
      icon: <IconHourglass aria-hidden />,
      color: 'violet.7',
      title: position ? t`You are number ${position} in line` : t`You are on the waitlist`,
      text: (
        <Trans>
          When tickets become available, they are offered to the people waiting in the order they joined. When it is
          your turn, we e-mail you and hold the tickets for you for a limited time.
        </Trans>
      ),
    },
    OFFERED: {
      icon: <IconTicket aria-hidden />,
      color: 'teal.9',
      title: t`Tickets are held for you until ${until}`,
      text: entry.checkout_path ? (
        <Trans>Complete your order before then, or the tickets go to the next person in line.</Trans>
      ) : (
        <Trans>
          To buy them, use the button in the e-mail with your offer. If you do not complete your order in time, the
          tickets go to the next person in line.
        </Trans>
      ),
      // The path carries the checkout's secret after '#': a full page load lets the checkout keep it.
      action: entry.checkout_path ? (
        <Button component="a" href={entry.checkout_path} size="md">
          <Trans>Buy my tickets</Trans>
        </Button>
      ) : undefined,
    },
    PURCHASED: {
      icon: <IconCircleCheck aria-hidden />,
      color: 'teal.9',
      title: t`You bought these tickets with your offer`,
      text: <Trans>Your order confirmation and tickets were sent to you by e-mail.</Trans>,
    },
    EXPIRED: {
      icon: <IconClockX aria-hidden />,
      color: 'orange.9',
      title: t`This offer has run out`,
      text: (
        <Trans>
          The order was not completed in time, so the tickets held for you went to the next person in line. If the
          tickets are still sold out, you can join the waitlist again on the event page.
        </Trans>
      ),
      action: eventLink,
    },
    LEFT: over,
    REMOVED: over,
  };
  const view = views[entry.state];

  return (
    <Stack align="center" ta="center" gap="md" data-testid={`waitlist-state-${entry.state}`}>
      <ThemeIcon size={56} radius="xl" color={view.color}>
        {view.icon}
      </ThemeIcon>
      <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {view.title}
      </Title>
      <Text>{view.text}</Text>
      {view.action && <Group justify="center">{view.action}</Group>}
    </Stack>
  );
}

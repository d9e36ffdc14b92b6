import type { WaitlistDemandDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

import { waitlistPath } from '../waitlist-path';
import { WaitlistDemandTable } from './WaitlistDemandTable';

/**
 * The dashboard's "Waitlist demand": what people wait for on sold-out tickets, with the way to the waitlist; nothing
 * when no one waits.
 */
export function WaitlistDemandCard({ eventId, demand }: { eventId: number; demand: WaitlistDemandDto[] }) {
  if (!demand.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="waitlist-demand-card">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={3} fz="md">
            <Trans>Waitlist demand</Trans>
          </Title>
          <Anchor component={Link} to={waitlistPath(eventId)} size="sm">
            <Trans>Open the waitlist</Trans>
          </Anchor>
        </Group>
        <WaitlistDemandTable demand={demand} ticketHref={(ticketId) => waitlistPath(eventId, { ticketId })} />
      </Stack>
    </Card>
  );
}

import { formatNumber, WAITLIST_STATES, type WaitlistState } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Card, SimpleGrid, Text } from '@mantine/core';

import { WaitlistStateBadge } from './WaitlistStateBadge';

/** How many entries are in each state, over the whole waitlist. */
export function WaitlistSummary({ counts }: { counts: Record<WaitlistState, number> }) {
  const { t, i18n } = useLingui();
  const number = (n: number) => formatNumber(n, i18n.locale);
  return (
    <SimpleGrid
      component="ul"
      aria-label={t`Entries by status`}
      cols={{ base: 2, xs: 3, lg: 6 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {WAITLIST_STATES.map((state) => (
        <Card key={state} component="li" withBorder radius="md" padding="sm" data-testid={`waitlist-count-${state}`}>
          <WaitlistStateBadge state={state} />
          <Text fz={24} fw={700} lh={1.2} mt={6}>
            {number(counts[state])}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Skeleton, Text } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import { Link } from 'react-router';

import { useSeatingPlans } from '../api/seating';
import { seatingPlansPath } from '../seating-paths';

/** The organizer page's way to its seating plans: how many there are, and the link. */
export function OrganizerSeatingPlans({ organizerId }: { organizerId: number }) {
  const plans = useSeatingPlans(organizerId);
  const count = plans.data?.length ?? 0;
  const published = plans.data?.filter((p) => p.versions.length).length ?? 0;
  const summary = plural(count, { one: '# seating plan', other: '# seating plans' });
  const publishedSummary = plural(published, { one: '# published', other: '# published' });
  return (
    <Group justify="space-between" gap="sm">
      {plans.isPending ? (
        <Skeleton h={16} w={160} />
      ) : (
        <Text size="sm" c="dimmed">
          {count ? `${summary} (${publishedSummary})` : <Trans>No seating plans yet.</Trans>}
        </Text>
      )}
      <Button
        component={Link}
        to={seatingPlansPath(organizerId)}
        variant="light"
        leftSection={<IconArmchair size={18} aria-hidden />}
      >
        <Trans>Open seating plans</Trans>
      </Button>
    </Group>
  );
}

import type { AttendeeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

import { ATTENDEE_STATUS_COLORS, ATTENDEE_STATUS_LABELS } from '../attendee-labels';

/** An attendee's status, and "Checked in" when they are in. */
export function AttendeeStatusBadge({ attendee }: { attendee: Pick<AttendeeDto, 'status' | 'checked_in_at'> }) {
  const { i18n } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge
        variant="filled"
        color={ATTENDEE_STATUS_COLORS[attendee.status]}
        tt="none"
        style={{ flexShrink: 0, minWidth: 'max-content' }}
      >
        {i18n._(ATTENDEE_STATUS_LABELS[attendee.status])}
      </Badge>
      {attendee.checked_in_at ? (
        <Badge
          variant="outline"
          color="violet.7"
          tt="none"
          style={{ flexShrink: 0, minWidth: 'max-content' }}
          leftSection={<IconCircleCheck size={12} aria-hidden />}
        >
          <Trans>Checked in</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}

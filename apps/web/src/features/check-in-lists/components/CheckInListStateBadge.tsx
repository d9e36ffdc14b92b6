import type { CheckInListDto, CheckInListState } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

// Dot badges, like the tickets' sale state: the colour marks the state while the text keeps full contrast.
const STATE_COLORS: Record<CheckInListState, string> = {
  ACTIVE: 'green',
  NOT_YET_ACTIVE: 'blue',
  EXPIRED: 'gray',
};

/** Whether the list admits now: open, opening later (with its date in the event's zone), or closed. */
export function CheckInListStateBadge({
  list,
  timeZone,
}: {
  list: Pick<CheckInListDto, 'state' | 'activates_at'>;
  timeZone: string;
}) {
  const { i18n } = useLingui();
  const date = list.activates_at ? formatDateTime(list.activates_at, timeZone, i18n.locale) : '';
  const label = {
    ACTIVE: <Trans context="check-in list state">Open</Trans>,
    NOT_YET_ACTIVE: date ? <Trans>Opens {date}</Trans> : <Trans>Not open yet</Trans>,
    EXPIRED: <Trans context="check-in list state">Closed</Trans>,
  }[list.state];
  return (
    <Badge variant="dot" color={STATE_COLORS[list.state]} tt="none" data-state={list.state}>
      {label}
    </Badge>
  );
}

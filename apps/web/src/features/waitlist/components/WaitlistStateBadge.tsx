import type { WaitlistState } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';

import { WAITLIST_STATE_COLORS, WAITLIST_STATE_LABELS } from '../waitlist-labels';

/** Where a waitlist entry stands, in its own colour. */
export function WaitlistStateBadge({ state }: { state: WaitlistState }) {
  const { i18n } = useLingui();
  return (
    <Badge
      variant="filled"
      color={WAITLIST_STATE_COLORS[state]}
      tt="none"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-state={state}
    >
      {i18n._(WAITLIST_STATE_LABELS[state])}
    </Badge>
  );
}

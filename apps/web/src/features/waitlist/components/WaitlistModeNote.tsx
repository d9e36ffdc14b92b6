import type { WaitlistOfferMode } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** Under the title: what the waitlist is, how offers go out and how long they hold, with the way to change it. */
export function WaitlistModeNote({
  eventId,
  mode,
  hours,
}: {
  eventId: number;
  mode: WaitlistOfferMode;
  hours: number;
}) {
  const { t } = useLingui();
  const held = plural(hours, { one: '# hour', other: '# hours' });
  const how =
    mode === 'AUTOMATIC'
      ? t`Offers go out by themselves when tickets come back, and are held for ${held}.`
      : t`You send offers from this screen when tickets come back; each is held for ${held}.`;
  return (
    <>
      <Trans>People waiting for sold-out tickets.</Trans> {how}{' '}
      <Anchor component={Link} to={`/manage/event/${eventId}/settings`} inherit underline="always">
        <Trans>Change in settings</Trans>
      </Anchor>
    </>
  );
}

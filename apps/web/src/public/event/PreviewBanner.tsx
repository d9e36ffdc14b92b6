import { Trans, useLingui } from '@lingui/react/macro';

import classes from './PreviewBanner.module.css';

/**
 * Across the top of the organizer's preview of an event page (`?preview=1`, signed in to its account):
 * says what this is and who sees it, and leads back to the event's admin.
 */
export function PreviewBanner({ eventId, live }: { eventId: number; live: boolean }) {
  const { t } = useLingui();
  return (
    <div className={classes.banner} role="region" aria-label={t`Preview`}>
      <span className={classes.label}>
        <Trans>Preview</Trans>
      </span>
      <span className={classes.text}>
        {live ? (
          <Trans>This is how visitors see the event page. Buying is switched off in the preview.</Trans>
        ) : (
          <Trans>
            This event is not live: only your team can see this page, visitors get “not found”. Tickets can be bought
            once it is live.
          </Trans>
        )}
      </span>
      <a className={classes.link} href={`/manage/event/${eventId}`}>
        <Trans>Back to the event</Trans>
      </a>
    </div>
  );
}

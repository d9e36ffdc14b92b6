import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';

import { PageHeader } from '../../../components/PageHeader';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { EventScreen } from '../../events/components/EventScreen';
import { AutomationList } from './AutomationList';

function Automations({ event }: { event: EventDto }) {
  const zone = event.timezone;
  return (
    <UnsavedChangesGuard>
      <PageHeader
        title={<Trans>Automatic mail</Trans>}
        description={
          <Trans>
            Mail that goes out by itself: reminders before each date, one mail to buyers who left the checkout, and a
            follow-up after the event. Times are in the event's time zone ({zone}).
          </Trans>
        }
      />
      <AutomationList scope={{ eventId: event.id }} timeZone={event.timezone} headingOrder={2} />
    </UnsavedChangesGuard>
  );
}

/** `/manage/event/:eventId/automations` */
export function AutomationsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Automatic mail`}>{(event) => <Automations event={event} />}</EventScreen>;
}

import { useLingui } from '@lingui/react/macro';

import { EventScreen } from '../../events/components/EventScreen';
import { ListCheckIn } from './ListCheckIn';

/** `/manage/event/:eventId/check-in` */
export function CheckInPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Check-in`}>{(event) => <ListCheckIn event={event} />}</EventScreen>;
}

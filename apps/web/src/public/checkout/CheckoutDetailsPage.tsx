import { useLingui } from '@lingui/react/macro';

import { usePageTitle } from '../../lib/use-page-title';
import { DetailsForm } from './DetailsForm';
import { HeldOrderStep } from './HeldOrderStep';

/** `/checkout/:eventId/:shortId/details`: who is coming, and the organizer's questions. */
export default function CheckoutDetailsPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Your details`);
  return (
    <HeldOrderStep eventId={eventId} shortId={shortId} step="details">
      {(order, { onState, reload }) => <DetailsForm order={order} onState={onState} onStale={reload} />}
    </HeldOrderStep>
  );
}

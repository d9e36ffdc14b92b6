import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';

import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout, CheckoutLoading } from './CheckoutLayout';
import { DetailsForm } from './DetailsForm';
import { EventHeading } from './EventHeading';
import { HoldCountdown } from './HoldCountdown';
import { type BuyerState, checkoutRoute, stateOfError } from './order-state';
import { OrderStateScreen } from './OrderStateScreen';
import { OrderSummaryCard } from './OrderSummaryCard';
import { checkoutPath } from './paths';
import { Redirect } from './Redirect';
import { useOrder } from './useOrder';

/** `/checkout/:eventId/:shortId/details`: who is coming, and the organizer's questions. */
export default function CheckoutDetailsPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Your details`);
  const { order, error, loading, setOrder, reload } = useOrder(eventId, shortId);
  const [state, setState] = useState<BuyerState | null>(null);
  const onExpired = useCallback(() => setState('expired'), []);

  if (loading && !order) return <CheckoutLoading />;
  if (error || !order)
    return (
      <OrderStateScreen
        state={stateOfError(error)}
        eventId={eventId}
        shortId={shortId}
        error={error}
        onRetry={reload}
      />
    );
  if (state) return <OrderStateScreen state={state} eventId={eventId} shortId={shortId} order={order} />;
  const route = checkoutRoute(order);
  if (route.kind === 'state')
    return <OrderStateScreen state={route.state} eventId={eventId} shortId={shortId} order={order} onRetry={reload} />;
  if (route.kind === 'summary') return <Redirect to={checkoutPath(eventId, shortId, 'summary')} />;

  return (
    <CheckoutLayout colors={order.event.colors}>
      <EventHeading event={order.event} date={order.date} />
      <HoldCountdown order={order} onExtended={setOrder} onExpired={onExpired} />
      <OrderSummaryCard order={order} />
      <DetailsForm order={order} onState={setState} onStale={reload} />
    </CheckoutLayout>
  );
}

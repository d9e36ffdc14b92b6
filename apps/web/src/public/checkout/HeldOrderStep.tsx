import type { PublicOrderDto } from '@admitone/shared';
import { type ReactNode, useCallback, useState } from 'react';

import { CheckoutLayout } from './CheckoutLayout';
import { EventHeading } from './EventHeading';
import { HoldCountdown } from './HoldCountdown';
import { orderLoadScreen } from './order-load-screen';
import { type BuyerState, checkoutRoute } from './order-state';
import { OrderStateScreen } from './OrderStateScreen';
import { OrderSummaryCard } from './OrderSummaryCard';
import { checkoutPath } from './paths';
import { Redirect } from './Redirect';
import { useOrder } from './useOrder';

interface StepActions {
  /** Replaces the page with a state screen (the hold expired, the order was paid meanwhile...). */
  onState: (state: BuyerState) => void;
  reload: () => void;
}

interface HeldOrderStepProps {
  eventId: number;
  shortId: string;
  /** The payment step sends an order whose details are not complete back to them; the details step keeps it. */
  step: 'details' | 'payment';
  /** The step's own part, under what is in the order. */
  children: (order: PublicOrderDto, actions: StepActions) => ReactNode;
}

/**
 * The details and payment steps of a held order: it is loaded and checked to belong here (else the screen or
 * step it needs), then shown with its event, the hold's countdown and what is in it, above the step's own part.
 */
export function HeldOrderStep({ eventId, shortId, step, children }: HeldOrderStepProps) {
  const { order, error, loading, setOrder, reload } = useOrder(eventId, shortId);
  const [state, setState] = useState<BuyerState | null>(null);
  const onExpired = useCallback(() => setState('expired'), []);

  if (error || !order) return orderLoadScreen({ loading: loading && !order, error, eventId, shortId, onRetry: reload });
  if (state) return <OrderStateScreen state={state} eventId={eventId} shortId={shortId} order={order} />;
  const route = checkoutRoute(order);
  if (route.kind === 'state')
    return <OrderStateScreen state={route.state} eventId={eventId} shortId={shortId} order={order} onRetry={reload} />;
  if (route.kind === 'summary') return <Redirect to={checkoutPath(eventId, shortId, 'summary')} />;
  if (step === 'payment' && route.kind === 'details')
    return <Redirect to={checkoutPath(eventId, shortId, 'details')} />;

  return (
    <CheckoutLayout colors={order.event.colors}>
      <EventHeading event={order.event} date={order.date} />
      <HoldCountdown order={order} onExtended={setOrder} onExpired={onExpired} />
      <OrderSummaryCard order={order} />
      {children(order, { onState: setState, reload })}
    </CheckoutLayout>
  );
}

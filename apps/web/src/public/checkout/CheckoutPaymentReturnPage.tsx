import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { useLocation } from '../../lib/history-navigation';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLoading } from './CheckoutLayout';
import { stateOfError } from './order-state';
import { OrderStateScreen } from './OrderStateScreen';
import { checkoutPath } from './paths';
import { PaymentFailedScreen } from './PaymentFailedScreen';
import { PaymentProcessingScreen, PaymentRefundedScreen } from './PaymentReturnScreens';
import { Redirect } from './Redirect';
import { useCardPaymentSync } from './useCardPaymentSync';

/**
 * `/checkout/:eventId/:shortId/payment_return`: where Stripe (or Mollie, with `?provider=mollie`) sends the buyer
 * back. The server checks the payment with the provider and decides (the same sync route for both); Stripe's
 * `redirect_status` parameter is only a hint (see returnOutcome), and Mollie's return carries none. The screens speak
 * of "your payment", never of a card.
 */
export default function CheckoutPaymentReturnPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Payment`);
  const { search } = useLocation();
  // Read once: the hint is about the redirect that brought the buyer here.
  const [redirectStatus] = useState(() => new URLSearchParams(search).get('redirect_status'));
  const { order, outcome, error, gaveUp, recheck } = useCardPaymentSync(eventId, shortId, redirectStatus);

  if (error)
    return (
      <OrderStateScreen
        state={stateOfError(error)}
        eventId={eventId}
        shortId={shortId}
        order={order}
        error={error}
        onRetry={recheck}
      />
    );
  if (!order || !outcome) return <CheckoutLoading />;
  const screen = { eventId, shortId, order };
  switch (outcome) {
    case 'summary':
      return <Redirect to={checkoutPath(eventId, shortId, 'summary')} />;
    case 'unpaid':
      // Back without paying (e.g. the browser's back button): the payment step again.
      return <Redirect to={checkoutPath(eventId, shortId, 'payment')} />;
    case 'processing':
      return <PaymentProcessingScreen order={order} gaveUp={gaveUp} onRecheck={recheck} />;
    case 'failed':
      return <PaymentFailedScreen {...screen} />;
    case 'refunded':
      return <PaymentRefundedScreen order={order} />;
    default:
      return <OrderStateScreen state={outcome} {...screen} />;
  }
}

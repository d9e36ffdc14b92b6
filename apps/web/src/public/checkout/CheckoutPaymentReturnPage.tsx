import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLoading } from './CheckoutLayout';
import { stateOfError } from './order-state';
import { OrderStateScreen } from './OrderStateScreen';
import { PaymentFailedScreen } from './PaymentFailedScreen';
import { checkoutPath } from './paths';
import { Redirect } from './Redirect';
import { useOrder } from './useOrder';

/**
 * `/checkout/:eventId/:shortId/payment_return`: where the payment provider sends the buyer back.
 * Reads the order and shows processing, success (the summary) or failure with a retry.
 */
export default function CheckoutPaymentReturnPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Payment`);
  const { order, error, loading, reload } = useOrder(eventId, shortId);

  if (loading && !order) return <CheckoutLoading />;
  if (error || !order) return <OrderStateScreen state={stateOfError(error)} eventId={eventId} shortId={shortId} error={error} onRetry={reload} />;
  switch (order.status) {
    case 'COMPLETED':
    case 'AWAITING_PAYMENT':
      return <Redirect to={checkoutPath(eventId, shortId, 'summary')} />;
    case 'PROCESSING':
      return <OrderStateScreen state="processing" eventId={eventId} shortId={shortId} order={order} onRetry={reload} />;
    case 'PAYMENT_FAILED':
      return <PaymentFailedScreen order={order} eventId={eventId} shortId={shortId} />;
    case 'RESERVED':
      if (order.is_expired) return <OrderStateScreen state="expired" eventId={eventId} shortId={shortId} order={order} />;
      if (!order.is_owner) return <OrderStateScreen state="unavailable" eventId={eventId} shortId={shortId} order={order} />;
      // Back from the provider without a completed payment: the payment did not go through.
      return <PaymentFailedScreen order={order} eventId={eventId} shortId={shortId} />;
    case 'CANCELLED':
      return <OrderStateScreen state="cancelled" eventId={eventId} shortId={shortId} order={order} />;
    case 'ABANDONED':
      return <OrderStateScreen state="unavailable" eventId={eventId} shortId={shortId} order={order} />;
    default:
      return <OrderStateScreen state="paid" eventId={eventId} shortId={shortId} order={order} />;
  }
}

import { CheckoutLoading } from './CheckoutLayout';
import { stateOfError } from './order-state';
import { OrderStateScreen } from './OrderStateScreen';

interface OrderLoad {
  /** The first load is under way: a loader. */
  loading: boolean;
  /** Else why the order could not be loaded: the state screen for it. */
  error: unknown;
  eventId: number;
  shortId: string;
  onRetry: () => void;
}

/**
 * What a buyer page of an order shows until the order is there. A function, not a component: the page
 * returns these elements itself, so a state screen it shows later is the same one, kept (focus, a sent link).
 */
export function orderLoadScreen({ loading, error, eventId, shortId, onRetry }: OrderLoad) {
  if (loading) return <CheckoutLoading />;
  return (
    <OrderStateScreen state={stateOfError(error)} eventId={eventId} shortId={shortId} error={error} onRetry={onRetry} />
  );
}

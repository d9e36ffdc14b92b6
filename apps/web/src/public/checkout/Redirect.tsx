import { useEffect } from 'react';

import { navigate } from '../../lib/history-navigation';
import { CheckoutLoading } from './CheckoutLayout';

/** Replaces the address with another buyer page (an order that belongs on another step). */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return <CheckoutLoading />;
}

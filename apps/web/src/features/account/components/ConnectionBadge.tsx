import '@mantine/core/styles/Badge.css';

import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

import type { PaymentState } from '../payment-state';

const badges: Record<PaymentState, { color: string; variant: 'filled' | 'light' }> = {
  'not-configured': { color: 'gray', variant: 'light' },
  'not-connected': { color: 'yellow.3', variant: 'filled' },
  incomplete: { color: 'yellow.3', variant: 'filled' },
  connected: { color: 'teal.9', variant: 'filled' },
  single: { color: 'teal.9', variant: 'filled' },
};

/** A payment provider's connection state on the Payments page (Stripe's card, Mollie's card). */
export function ConnectionBadge({ state, testId }: { state: PaymentState; testId: string }) {
  const labels: Record<PaymentState, ReactNode> = {
    'not-configured': <Trans>Not configured</Trans>,
    'not-connected': <Trans>Not connected</Trans>,
    incomplete: <Trans>Setup incomplete</Trans>,
    connected: <Trans>Connected</Trans>,
    single: <Trans>Connected</Trans>,
  };
  return (
    <Badge size="lg" color={badges[state].color} variant={badges[state].variant} autoContrast data-testid={testId}>
      {labels[state]}
    </Badge>
  );
}

import type { TicketSaleState as SaleState } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';

import { StateLabel } from '../components/Notice';
import { plainSpaces } from '../lib/plain-spaces';

interface TicketSaleStateProps {
  state: SaleState;
  saleStart: string | null;
  timezone: string;
  remaining: number | null;
}

/** Why a ticket cannot be bought (sold out, not yet, no longer), or how many are left. */
export function TicketSaleState({ state, saleStart, timezone, remaining }: TicketSaleStateProps) {
  const { i18n } = useLingui();
  if (state === 'ON_SALE') {
    if (remaining === null) return null;
    return (
      <Text size="sm" c="dimmed">
        <Trans>{remaining} left</Trans>
      </Text>
    );
  }
  let label;
  if (state === 'SALE_STARTS' && saleStart) {
    const date = plainSpaces(formatDateTime(saleStart, timezone, i18n.locale));
    label = <Trans>Sale starts {date}</Trans>;
  } else if (state === 'SALE_STARTS') label = <Trans>Sale starts soon</Trans>;
  else if (state === 'SOLD_OUT') label = <Trans>Sold out</Trans>;
  else if (state === 'SALE_ENDED') label = <Trans>Sale ended</Trans>;
  else label = <Trans>Not on sale</Trans>;
  return <StateLabel>{label}</StateLabel>;
}

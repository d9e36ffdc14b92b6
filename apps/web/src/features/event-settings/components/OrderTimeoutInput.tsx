import '@mantine/core/styles/NumberInput.css';

import { ORDER_TIMEOUT_MAX, ORDER_TIMEOUT_MIN } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, type NumberInputProps } from '@mantine/core';

/** How long a buyer has to finish checkout: an event's own, or the account's default for new events. */
export function OrderTimeoutInput(props: NumberInputProps) {
  const { t } = useLingui();
  return (
    <NumberInput
      label={t`Order timeout (minutes)`}
      description={t`How long a buyer has to finish checkout. At least 15 minutes recommended.`}
      min={ORDER_TIMEOUT_MIN}
      max={ORDER_TIMEOUT_MAX}
      allowDecimal={false}
      allowNegative={false}
      required
      {...props}
    />
  );
}

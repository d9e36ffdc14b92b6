import '@mantine/core/styles/NumberInput.css';

import { currencyExponent, currencySymbol, decimalSeparator } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * An amount in major units of a currency (19.99), with its symbol and the reader's decimal separator.
 * It shows every fraction digit of the currency (25.00, not 25), but does not pad what is being typed:
 * a typed "5" is not turned into "5.00" under the cursor, only once the field is left.
 */
export function MoneyInput({
  currency,
  onFocusCapture,
  onBlurCapture,
  ...props
}: NumberInputProps & { currency: string }) {
  const { i18n } = useLingui();
  const [typing, setTyping] = useState(false);
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={currencyExponent(currency)}
      fixedDecimalScale={!typing}
      decimalSeparator={decimalSeparator(i18n.locale)}
      leftSection={<span aria-hidden>{currencySymbol(currency, i18n.locale)}</span>}
      // On focus the digits shown stay; what is typed from then on is not padded. A capture handler,
      // so it applies at once (the number format's own focus handler runs a tick later, after a quick fill).
      onFocusCapture={(e) => {
        setTyping(true);
        onFocusCapture?.(e);
      }}
      onBlurCapture={(e) => {
        setTyping(false);
        onBlurCapture?.(e);
      }}
      {...props}
    />
  );
}

import '@mantine/core/styles/NumberInput.css';

import { currencyExponent, currencySymbol, decimalSeparator } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * An amount in major units of a currency (19.99), with its symbol and the reader's decimal separator.
 * An amount it is given shows every fraction digit of the currency (25.00, not 25); once someone types
 * in it, what they type stays as typed (a typed "5" is not turned into "5.00" under the cursor).
 */
export function MoneyInput({ currency, value, onValueChange, ...props }: NumberInputProps & { currency: string }) {
  const { i18n } = useLingui();
  const [typed, setTyped] = useState(false);
  const digits = currencyExponent(currency);
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={digits}
      decimalSeparator={decimalSeparator(i18n.locale)}
      leftSection={<span aria-hidden>{currencySymbol(currency, i18n.locale)}</span>}
      // A number given (not typed) is shown with its fraction digits, as text the input keeps.
      value={!typed && typeof value === 'number' ? value.toFixed(digits) : value}
      onValueChange={(values, source) => {
        if (source.source === 'event') setTyped(true);
        onValueChange?.(values, source);
      }}
      {...props}
    />
  );
}

import '@mantine/core/styles/NumberInput.css';

import { currencyExponent, currencySymbol, decimalSeparator } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An amount in major units of a currency (19.99), with its symbol and the reader's decimal separator. */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  const { i18n } = useLingui();
  const symbol = currencySymbol(currency, i18n.locale);
  const decimal = decimalSeparator(i18n.locale);
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={currencyExponent(currency)}
      fixedDecimalScale={false}
      decimalSeparator={decimal}
      leftSection={<span aria-hidden>{symbol}</span>}
      {...props}
    />
  );
}

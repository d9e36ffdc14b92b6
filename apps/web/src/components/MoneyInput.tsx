import '@mantine/core/styles/NumberInput.css';

import { currencyExponent, intlLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, type NumberInputProps } from '@mantine/core';

/** One part of a formatted sample number (the currency symbol, the decimal separator). */
const numberPart = (format: Intl.NumberFormat, type: Intl.NumberFormatPartTypes) =>
  format.formatToParts(1.5).find((p) => p.type === type)?.value;

/** An amount in major units of a currency (19.99), with its symbol and the reader's decimal separator. */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  const { i18n } = useLingui();
  const symbol =
    numberPart(new Intl.NumberFormat(intlLocale(i18n.locale), { style: 'currency', currency }), 'currency') ?? currency;
  const decimalSeparator = numberPart(new Intl.NumberFormat(intlLocale(i18n.locale)), 'decimal') ?? '.';
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={currencyExponent(currency)}
      fixedDecimalScale={false}
      decimalSeparator={decimalSeparator}
      leftSection={<span aria-hidden>{symbol}</span>}
      {...props}
    />
  );
}

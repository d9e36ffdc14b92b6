import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { intlLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** The currencies organizers use most; the API accepts any ISO 4217 code. */
export const COMMON_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'CNY',
  'HKD',
  'JPY',
  'SGD',
  'INR',
  'KRW',
  'ZAR',
  'AED',
  'TRY',
] as const;

/** Searchable currency list labelled in the active language ("EUR – Euro"). */
export function CurrencySelect(props: Omit<SelectProps, 'data'>) {
  const { i18n } = useLingui();
  const data = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intlLocale(i18n.locale)], { type: 'currency' });
    } catch {
      names = null;
    }
    return COMMON_CURRENCIES.map((code) => ({ value: code, label: `${code} – ${names?.of(code) ?? code}` }));
  }, [i18n.locale]);
  return <Select searchable allowDeselect={false} maxDropdownHeight={280} {...props} data={data} />;
}

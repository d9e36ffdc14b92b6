import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { useLingui } from '@lingui/react';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { countryOptions } from '../lib/countries';

/** Searchable list of countries (ISO 3166-1 alpha-2 codes), named in the active language. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { i18n } = useLingui();
  const data = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  return <Select searchable clearable limit={80} maxDropdownHeight={280} {...props} data={data} />;
}

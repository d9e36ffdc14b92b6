import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { useLingui } from '@lingui/react';
import { type ComboboxParsedItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

import { countryAliases, countryOptions, foldForSearch } from '../lib/countries';

/**
 * Finds a country by any of its names in the app's languages or its code, accents ignored: a German
 * organizer on an English screen who types "Deutschland" finds Germany.
 */
export const countryFilter: OptionsFilter = ({ options, search, limit }) => {
  const q = foldForSearch(search.trim());
  if (!q) return options.slice(0, limit);
  const aliases = countryAliases();
  const found: ComboboxParsedItem[] = [];
  for (const option of options) {
    if (
      'value' in option &&
      (foldForSearch(option.label).includes(q) || aliases.get(option.value)?.some((a) => a.includes(q)))
    )
      found.push(option);
    if (found.length >= limit) break;
  }
  return found;
};

/**
 * Searchable list of countries (ISO 3166-1 alpha-2 codes), named in the active language. What was typed
 * is never left looking chosen when it is not: leaving the field takes the highlighted match.
 */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { i18n } = useLingui();
  const data = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  return (
    <Select
      searchable
      clearable
      selectFirstOptionOnChange
      autoSelectOnBlur
      limit={80}
      maxDropdownHeight={280}
      filter={countryFilter}
      {...props}
      data={data}
    />
  );
}

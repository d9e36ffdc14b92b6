import { isLocale, LOCALE_NAMES, LOCALES } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';

import { useChangeLocale } from '../hooks/useChangeLocale';

/**
 * The language list of the auth and first-run pages. A native select: keyboard and screen-reader
 * friendly, and it keeps the popover code out of the login page's bundle.
 */
export function LanguagePicker() {
  const { i18n, t } = useLingui();
  const changeLocale = useChangeLocale();
  return (
    <NativeSelect
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(e) => {
        const value = e.currentTarget.value;
        if (isLocale(value)) void changeLocale(value);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="sm"
      w={200}
      data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
    />
  );
}

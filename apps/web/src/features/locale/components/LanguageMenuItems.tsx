import { isLocale, LOCALE_NAMES, LOCALES } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Menu } from '@mantine/core';

import { useChangeLocale } from '../hooks/useChangeLocale';

/** The seven languages as radio items of a Mantine menu; choosing one switches the app live. */
export function LanguageMenuItems() {
  const { i18n } = useLingui();
  const changeLocale = useChangeLocale();
  return (
    <Menu.RadioGroup value={i18n.locale} onChange={(value) => isLocale(value) && void changeLocale(value)}>
      {LOCALES.map((locale) => (
        <Menu.RadioItem key={locale} value={locale} lang={locale} closeMenuOnClick>
          {LOCALE_NAMES[locale]}
        </Menu.RadioItem>
      ))}
    </Menu.RadioGroup>
  );
}

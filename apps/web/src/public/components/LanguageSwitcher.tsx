import { isLocale, LOCALE_NAMES, LOCALES } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Input } from '@mantine/core';
import { type ChangeEvent, useId } from 'react';

import { choosePublicLocale } from '../shell/public-i18n';

/** The language of the buyer pages (stored in the locale cookie). A plain select keeps the bundle small. */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <Input.Wrapper label={t`Language`} labelElement="label" id={id} size="xs" w={200}>
      <Input
        component="select"
        id={id}
        size="xs"
        value={i18n.locale}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => {
          const value = e.currentTarget.value;
          if (isLocale(value)) void choosePublicLocale(value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
}

import { isLocale, LOCALE_NAMES } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { LanguageMenuItems } from './LanguageMenuItems';

/** A button that opens the language list (used on the auth pages). */
export function LanguagePicker() {
  const { i18n, t } = useLingui();
  const current = isLocale(i18n.locale) ? LOCALE_NAMES[i18n.locale] : i18n.locale;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.8"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t`Language: ${current}`}
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`Language`}</Menu.Label>
        <LanguageMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}

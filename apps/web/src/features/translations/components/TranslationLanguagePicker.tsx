import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';

import { isLocale, type Locale, LOCALE_NAMES, LOCALES } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, Input, SegmentedControl, useMatches, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';

interface TranslationLanguagePickerProps {
  value: Locale;
  /** Asked to show another language (the page may first ask about unsaved edits). */
  onChange: (locale: Locale) => void;
  /** Languages with at least one text: they get a check mark. */
  withTexts: readonly Locale[];
}

/** The seven languages by their own names, side by side (one below the other on narrow screens). */
export function TranslationLanguagePicker({ value, onChange, withTexts }: TranslationLanguagePickerProps) {
  const { t } = useLingui();
  const labelId = useId();
  const descriptionId = useId();
  const orientation = useMatches<'horizontal' | 'vertical'>({ base: 'vertical', md: 'horizontal' });
  const hasTexts = t`(has texts)`;
  const data = LOCALES.map((locale) => ({
    value: locale,
    label: (
      <Group gap={6} justify="center" wrap="nowrap">
        <span lang={locale}>{LOCALE_NAMES[locale]}</span>
        {withTexts.includes(locale) ? (
          <>
            <IconCheck size={16} aria-hidden />
            <VisuallyHidden>{hasTexts}</VisuallyHidden>
          </>
        ) : null}
      </Group>
    ),
  }));
  return (
    <Input.Wrapper
      label={t`Language`}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={t`Languages with a check mark have texts.`}
      descriptionProps={{ id: descriptionId }}
    >
      <SegmentedControl
        mt={4}
        fullWidth
        orientation={orientation}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        value={value}
        data={data}
        onChange={(v) => isLocale(v) && onChange(v)}
      />
    </Input.Wrapper>
  );
}

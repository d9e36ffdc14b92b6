import type { EventTexts, Locale } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Stack, TextInput } from '@mantine/core';

import { useAsWritten } from '../hooks/useAsWritten';
import type { TranslationFormReturn } from '../translation-values';
import { TranslatedRichText } from './TranslatedRichText';

interface EventTextFieldsProps {
  form: TranslationFormReturn;
  original: EventTexts;
  locale: Locale;
}

/** The event's title, description and the messages before and after checkout in one language. */
export function EventTextFields({ form, original, locale }: EventTextFieldsProps) {
  const { t } = useLingui();
  const asWritten = useAsWritten();
  const stored = form.getInitialValues().event;
  const richText = { form, locale };
  return (
    <Stack gap="md">
      <TextInput
        label={t`Event title`}
        description={asWritten(original.title)}
        lang={locale}
        {...form.getInputProps('event.title')}
      />
      <TranslatedRichText
        {...richText}
        path="event.description"
        label={t`Description`}
        defaultValue={stored.description}
        original={original.description}
      />
      <TranslatedRichText
        {...richText}
        path="event.pre_checkout_message"
        label={t`Pre-checkout message`}
        defaultValue={stored.pre_checkout_message}
        original={original.pre_checkout_message}
      />
      <TranslatedRichText
        {...richText}
        path="event.post_checkout_message"
        label={t`Post-checkout message`}
        defaultValue={stored.post_checkout_message}
        original={original.post_checkout_message}
      />
    </Stack>
  );
}

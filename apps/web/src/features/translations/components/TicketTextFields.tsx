import type { EventTranslationsDto, Locale } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, TextInput } from '@mantine/core';

import { useAsWritten } from '../hooks/useAsWritten';
import type { TranslationFormReturn } from '../translation-values';
import { TextGroup } from './TextGroup';
import { TranslatedRichText } from './TranslatedRichText';

interface TicketTextFieldsProps {
  form: TranslationFormReturn;
  tickets: EventTranslationsDto['tickets'];
  locale: Locale;
}

/** Each product category's name and description in one language, under its name as written. */
export function CategoryTextFields({
  form,
  categories,
  locale,
}: {
  form: TranslationFormReturn;
  categories: EventTranslationsDto['categories'];
  locale: Locale;
}) {
  const { t } = useLingui();
  const asWritten = useAsWritten();
  const stored = form.getInitialValues().categories;
  return (
    <Stack gap="xl">
      {categories.map(({ id, original }, i) => (
        <TextGroup key={id} title={original.name || t`Tickets (the default name, already in every language)`}>
          <TextInput
            label={t`Name`}
            description={asWritten(original.name)}
            lang={locale}
            {...form.getInputProps(`categories.${i}.name`)}
          />
          <TranslatedRichText
            form={form}
            locale={locale}
            path={`categories.${i}.description`}
            label={t`Description`}
            defaultValue={stored[i]?.description ?? ''}
            original={original.description}
          />
        </TextGroup>
      ))}
    </Stack>
  );
}

/** Each ticket's name and description in one language, under its name as written. */
export function TicketTextFields({ form, tickets, locale }: TicketTextFieldsProps) {
  const { t } = useLingui();
  const asWritten = useAsWritten();
  const stored = form.getInitialValues().tickets;
  if (!tickets.length) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This event has no tickets yet.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      {tickets.map(({ id, original }, i) => {
        const n = i + 1;
        return (
          <TextGroup key={id} title={original.name || t`Ticket ${n}`}>
            <TextInput
              label={t`Name`}
              description={asWritten(original.name)}
              lang={locale}
              {...form.getInputProps(`tickets.${i}.name`)}
            />
            <TranslatedRichText
              form={form}
              locale={locale}
              path={`tickets.${i}.description`}
              label={t`Description`}
              defaultValue={stored[i]?.description ?? ''}
              original={original.description}
            />
          </TextGroup>
        );
      })}
    </Stack>
  );
}

import { contentTranslationBody, type EventTranslationsDto, type Locale, LOCALE_NAMES } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SettingsSection } from '../../../components/SettingsSection';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/form-submit';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSchemaValidation } from '../../../lib/validation';
import { SectionActions } from '../../event-settings/components/SectionActions';
import { useSaveTranslation } from '../api/translations';
import { toTranslationValues, type TranslationValues } from '../translation-values';
import { EventTextFields } from './EventTextFields';
import { QuestionTextFields } from './QuestionTextFields';
import { CategoryTextFields, TicketTextFields } from './TicketTextFields';

/** A ticket or question was deleted since the page loaded: its error names an id, which has no field to show it. */
const namesDeletedItem = (error: unknown) =>
  isApiError(error) &&
  Object.keys(error.fieldErrors).some((field) => /^(tickets|categories|questions)\.\d+\.id$/.test(field));

interface TranslationFormProps {
  eventId: number;
  locale: Locale;
  translations: EventTranslationsDto;
}

/**
 * Every text of the event in one language, saved together. Keyed by language by the page: it starts
 * from that language's stored texts, and its unsaved edits are reported to the page's guard.
 */
export function TranslationForm({ eventId, locale, translations }: TranslationFormProps) {
  const { t } = useLingui();
  const save = useSaveTranslation(eventId);
  const validate = useSchemaValidation<TranslationValues>(contentTranslationBody);
  const form = useForm<TranslationValues>({ initialValues: toTranslationValues(translations, locale), validate });
  const formError = useFormError(form.setErrors);
  const dirty = useUnsavedChanges(form.isDirty());
  const [outdated, setOutdated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The form is long: a field with a problem may be far above the Save button.
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const language = LOCALE_NAMES[locale];

  const submit = (values: TranslationValues) => {
    formError.clear();
    setOutdated(false);
    save.mutate(
      { locale, body: values },
      {
        onSuccess: () => {
          form.resetDirty(values);
          notifications.show({ color: 'teal', message: t`Texts in ${language} saved.` });
        },
        onError: (e) => {
          if (formError.fail(e)) return;
          if (namesDeletedItem(e)) setOutdated(true);
          else focusFirstError();
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={form.onSubmit(submit, focusFirstError)} noValidate>
      <Stack gap="lg">
        <SettingsSection title={<Trans>Event</Trans>}>
          <EventTextFields form={form} original={translations.event.original} locale={locale} />
        </SettingsSection>
        <SettingsSection title={<Trans>Tickets</Trans>}>
          <TicketTextFields form={form} tickets={translations.tickets} locale={locale} />
        </SettingsSection>
        {translations.categories.length > 1 ||
        translations.categories.some((c) => c.original.name || c.original.description) ? (
          <SettingsSection title={<Trans>Categories</Trans>}>
            <CategoryTextFields form={form} categories={translations.categories} locale={locale} />
          </SettingsSection>
        ) : null}
        <SettingsSection title={<Trans>Questions</Trans>}>
          <QuestionTextFields form={form} questions={translations.questions} locale={locale} />
        </SettingsSection>
        <FormErrorAlert error={formError.error} />
        {outdated ? (
          <Alert color="red" variant="light" role="alert">
            <Trans>
              A ticket or question of this event was deleted after this page was opened. Reload the page to translate
              the current ones.
            </Trans>
          </Alert>
        ) : null}
        <SectionActions saving={save.isPending} dirty={dirty}>
          <Trans>Save texts in {language}</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}

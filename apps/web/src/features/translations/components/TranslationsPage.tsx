import '@mantine/core/styles/Skeleton.css';

import type { EventTranslationsDto, Locale } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { UnsavedChangesDialog, UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { hasUnsavedEdits } from '../../../lib/use-unsaved-changes';
import { EventScreen } from '../../events/components/EventScreen';
import { useEventTranslations } from '../api/translations';
import { firstLanguage } from '../translation-values';
import { TranslationForm } from './TranslationForm';
import { TranslationLanguagePicker } from './TranslationLanguagePicker';

/** The language picker and the chosen language's form; switching with unsaved edits asks first. */
function TranslationsEditor({ eventId, translations }: { eventId: number; translations: EventTranslationsDto }) {
  const { i18n } = useLingui();
  // Chosen once: a save that gives another language its first texts does not switch the form away.
  const [locale, setLocale] = useState<Locale>(() => firstLanguage(translations.locales, i18n.locale));
  const [switchTo, setSwitchTo] = useState<Locale | null>(null);
  const choose = (next: Locale) => (hasUnsavedEdits() ? setSwitchTo(next) : setLocale(next));

  return (
    <Stack gap="lg">
      <TranslationLanguagePicker value={locale} onChange={choose} withTexts={translations.locales} />
      <TranslationForm key={locale} eventId={eventId} locale={locale} translations={translations} />
      <UnsavedChangesDialog
        opened={switchTo !== null}
        onStay={() => setSwitchTo(null)}
        onLeave={() => {
          if (switchTo) setLocale(switchTo);
          setSwitchTo(null);
        }}
        leaveLabel={<Trans>Switch without saving</Trans>}
      />
    </Stack>
  );
}

function Translations({ eventId }: { eventId: number }) {
  const { t } = useLingui();
  const translations = useEventTranslations(eventId);
  return (
    <UnsavedChangesGuard>
      <PageHeader
        title={<Trans>Translations</Trans>}
        description={
          <Trans>
            Your event's texts in other languages. Buyers who use the event page in a language see its texts; a field
            left blank shows the text as written.
          </Trans>
        }
      />
      {translations.isPending ? (
        <Stack gap="lg" role="status" aria-label={t`Loading translations`}>
          <Skeleton h={60} />
          <Skeleton h={360} />
        </Stack>
      ) : translations.isError ? (
        <FormErrorAlert error={translations.error} />
      ) : (
        <TranslationsEditor eventId={eventId} translations={translations.data} />
      )}
    </UnsavedChangesGuard>
  );
}

/** `/manage/event/:eventId/translations`: the event's title, messages, tickets and questions in other languages. */
export function TranslationsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Translations`}>{(event) => <Translations eventId={event.id} />}</EventScreen>;
}

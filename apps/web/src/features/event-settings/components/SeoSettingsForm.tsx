import '@mantine/core/styles/Switch.css';

import {
  type EventDto,
  SEO_DESCRIPTION_MAX,
  SEO_KEYWORDS_MAX,
  SEO_TITLE_MAX,
  type UpdateEventSettingsBody,
  updateEventSettingsBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Switch, Textarea, TextInput } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useUpdateEventSettings } from '../../events/api/events';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

interface SeoValues {
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  allow_search_engine_indexing: boolean;
}

const toBody = (v: SeoValues): UpdateEventSettingsBody => ({
  seo_title: v.seo_title.trim() || null,
  seo_description: v.seo_description.trim() || null,
  seo_keywords: v.seo_keywords.trim() || null,
  allow_search_engine_indexing: v.allow_search_engine_indexing,
});

/** Title, description and keywords for search engines, and whether they may index the page. */
export function SeoSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventSettingsBody,
    useUpdateEventSettings(event.id),
    {
      seo_title: s.seo_title ?? '',
      seo_description: s.seo_description ?? '',
      seo_keywords: s.seo_keywords ?? '',
      allow_search_engine_indexing: s.allow_search_engine_indexing,
    },
    toBody,
    t`SEO settings saved.`,
  );
  const titleLength = form.values.seo_title.length;
  const descriptionLength = form.values.seo_description.length;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <TextInput
          label={t`SEO title`}
          description={t`${titleLength} of ${SEO_TITLE_MAX} characters. Leave empty to use the event title.`}
          maxLength={SEO_TITLE_MAX}
          {...form.getInputProps('seo_title')}
        />
        <Textarea
          label={t`SEO description`}
          description={t`${descriptionLength} of ${SEO_DESCRIPTION_MAX} characters. Shown under the title in search results.`}
          maxLength={SEO_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('seo_description')}
        />
        <TextInput
          label={t`SEO keywords`}
          description={t`Separated by commas.`}
          maxLength={SEO_KEYWORDS_MAX}
          {...form.getInputProps('seo_keywords')}
        />
        <Switch
          label={t`Allow search engines to index this event`}
          {...form.getInputProps('allow_search_engine_indexing', { type: 'checkbox' })}
        />
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save SEO settings</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}

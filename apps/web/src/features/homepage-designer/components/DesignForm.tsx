import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Radio.css';

import {
  type CoverDisplay,
  DEFAULT_EVENT_COLORS,
  type EventColors,
  type EventDto,
  type UpdateEventSettingsBody,
  updateEventSettingsBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ColorInput, Grid, Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { useSchemaValidation } from '../../../lib/validation';
import { useSectionSave } from '../../event-settings/hooks/useSectionSave';
import { useUpdateEventSettings } from '../../events/api/events';
import { ContrastWarnings } from './ContrastWarnings';
import classes from './DesignForm.module.css';
import { EventPagePreview } from './EventPagePreview';

interface DesignValues {
  cover_display: CoverDisplay;
  colors: EventColors;
}

export const COLOR_FIELDS = [
  'background',
  'content_background',
  'text',
  'link',
  'primary',
  'primary_text',
  'ticket_widget_background',
] as const;

const toBody = (v: DesignValues): UpdateEventSettingsBody => ({ cover_display: v.cover_display, colors: v.colors });

/** Cover display and the seven page colours beside a live preview; `cover` is the upload section. */
export function DesignForm({ event, cover }: { event: EventDto; cover: ReactNode }) {
  const { t } = useLingui();
  const validate = useSchemaValidation<DesignValues>(updateEventSettingsBody, toBody);
  const form = useForm<DesignValues>({
    initialValues: {
      cover_display: event.settings.cover_display,
      colors: { ...DEFAULT_EVENT_COLORS, ...event.settings.colors },
    },
    validate,
  });
  const { error, onSubmit, saving, dirty } = useSectionSave(
    form,
    useUpdateEventSettings(event.id),
    toBody,
    t`Design saved.`,
  );
  const labels: Record<(typeof COLOR_FIELDS)[number], string> = {
    background: t`Page background`,
    content_background: t`Content background`,
    text: t`Text`,
    link: t`Links`,
    primary: t`Button`,
    primary_text: t`Button text`,
    ticket_widget_background: t`Ticket widget background`,
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="lg">
          {cover}
          <SettingsSection title={<Trans>Colors and display</Trans>}>
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <FormErrorAlert error={error} />
                <Radio.Group label={t`Cover display`} {...form.getInputProps('cover_display')}>
                  <Stack gap="xs" mt={6}>
                    <Radio value="COVER" label={t`Banner above the content`} />
                    <Radio value="BLURRED_BACKGROUND" label={t`Blurred page background`} />
                  </Stack>
                </Radio.Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  {COLOR_FIELDS.map((field) => (
                    <ColorInput
                      key={field}
                      label={labels[field]}
                      format="hex"
                      swatches={[DEFAULT_EVENT_COLORS[field], '#ffffff', '#000000']}
                      eyeDropperButtonProps={{ 'aria-label': t`Pick a color from the screen` }}
                      {...form.getInputProps(`colors.${field}`)}
                    />
                  ))}
                </SimpleGrid>
                <ContrastWarnings colors={form.values.colors} />
                <Group justify="space-between">
                  <Button variant="subtle" onClick={() => form.setFieldValue('colors', DEFAULT_EVENT_COLORS)}>
                    <Trans>Reset colors</Trans>
                  </Button>
                  <Group gap="sm">
                    <UnsavedBadge dirty={dirty} />
                    <Button type="submit" loading={saving}>
                      <Trans>Save design</Trans>
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </form>
          </SettingsSection>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <div className={classes.preview}>
          <EventPagePreview event={event} colors={form.values.colors} coverDisplay={form.values.cover_display} />
        </div>
      </Grid.Col>
    </Grid>
  );
}

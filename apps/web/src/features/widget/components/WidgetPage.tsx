import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Grid.css';

import { DEFAULT_EVENT_COLORS, type EventDto, LOCALE_NAMES, LOCALES } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ColorInput, Grid, NumberInput, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import type { WidgetOptions } from '../widget-snippet';
import { WidgetPreview } from './WidgetPreview';
import { WidgetSnippet } from './WidgetSnippet';

/** `/manage/event/:eventId/widget`: style the embeddable ticket widget, preview it, copy its HTML. */
export function WidgetPage() {
  const { t } = useLingui();
  usePageTitle(t`Widget`);
  const { event, loading } = useRouteEvent();
  return (
    <Stack gap="lg">
      <PageHeader
        title={<Trans>Widget</Trans>}
        description={
          <Trans>Sell tickets on your own website: style the widget, then paste its code into your page.</Trans>
        }
      />
      {loading || !event ? (
        <Skeleton h={360} role="status" aria-label={t`Loading event`} />
      ) : (
        <WidgetDesigner key={event.id} event={event} />
      )}
    </Stack>
  );
}

function WidgetDesigner({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const colors = event.settings.colors ?? DEFAULT_EVENT_COLORS;
  const [options, setOptions] = useState<WidgetOptions>({
    primary: colors.primary,
    background: colors.ticket_widget_background,
    text: colors.text,
    padding: 16,
    buttonText: '',
    lang: '',
  });
  const [previewOptions] = useDebouncedValue(options, 400);
  const set = <K extends keyof WidgetOptions>(key: K, value: WidgetOptions[K]) =>
    setOptions((o) => ({ ...o, [key]: value }));
  const eyeDropper = { 'aria-label': t`Pick a color from the screen` };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="lg">
          <SettingsSection title={<Trans>Appearance</Trans>}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <ColorInput
                  label={t`Button color`}
                  format="hex"
                  value={options.primary}
                  onChange={(v) => set('primary', v)}
                  eyeDropperButtonProps={eyeDropper}
                />
                <ColorInput
                  label={t`Background color`}
                  format="hex"
                  value={options.background}
                  onChange={(v) => set('background', v)}
                  eyeDropperButtonProps={eyeDropper}
                />
                <ColorInput
                  label={t`Text color`}
                  format="hex"
                  value={options.text}
                  onChange={(v) => set('text', v)}
                  eyeDropperButtonProps={eyeDropper}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <NumberInput
                  label={t`Padding (pixels)`}
                  min={0}
                  max={64}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={options.padding}
                  onChange={(v) => set('padding', typeof v === 'number' ? v : 0)}
                />
                <TextInput
                  label={t`Button text`}
                  placeholder={t`Continue`}
                  maxLength={60}
                  value={options.buttonText}
                  onChange={(e) => set('buttonText', e.currentTarget.value)}
                />
                <Select
                  label={t`Language`}
                  data={[
                    { value: '', label: t`Visitor's language` },
                    ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
                  ]}
                  value={options.lang}
                  onChange={(v) => set('lang', v ?? '')}
                  allowDeselect={false}
                />
              </SimpleGrid>
            </Stack>
          </SettingsSection>
          <WidgetSnippet eventId={event.id} options={options} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <WidgetPreview eventId={event.id} options={previewOptions} title={event.title} />
      </Grid.Col>
    </Grid>
  );
}

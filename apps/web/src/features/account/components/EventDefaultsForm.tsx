import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';

import {
  type AccountDto,
  DEFAULT_EVENT_COLORS,
  type EventColors,
  type UpdateAccountBody,
  updateAccountBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ColorInput, Grid, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { useSchemaValidation } from '../../../lib/validation';
import { OrderTimeoutInput } from '../../event-settings/components/OrderTimeoutInput';
import { useSectionSave } from '../../event-settings/hooks/useSectionSave';
import { useUpdateAccount } from '../api/account';
import { EventPreview } from './EventPreview';

/** Shaped like the request body, so client and server errors land on the same field paths. */
interface DefaultsValues {
  event_defaults: {
    order_timeout_minutes: number | string;
    support_email: string;
    email_footer_message: string;
    colors: EventColors;
  };
}

const toBody = ({ event_defaults: d }: DefaultsValues): UpdateAccountBody => ({
  event_defaults: {
    // An emptied field is sent as null so it reads "required" instead of being left out.
    order_timeout_minutes: (typeof d.order_timeout_minutes === 'number' ? d.order_timeout_minutes : null) as number,
    support_email: d.support_email.trim() || null,
    email_footer_message: d.email_footer_message || null,
    colors: d.colors,
  },
});

const COLOR_FIELDS = [
  'background',
  'content_background',
  'primary',
  'primary_text',
  'link',
  'text',
  'ticket_widget_background',
] as const;

/** Order timeout, support address, e-mail footer and page colours copied into each new event. */
export function EventDefaultsForm({ account }: { account: AccountDto }) {
  const { t } = useLingui();
  const update = useUpdateAccount(account.id);
  const validate = useSchemaValidation<DefaultsValues>(updateAccountBody, toBody);
  const defaults = account.event_defaults;
  const form = useForm<DefaultsValues>({
    initialValues: {
      event_defaults: {
        order_timeout_minutes: defaults.order_timeout_minutes,
        support_email: defaults.support_email ?? '',
        email_footer_message: defaults.email_footer_message ?? '',
        colors: { ...DEFAULT_EVENT_COLORS, ...defaults.colors },
      },
    },
    validate,
  });
  const colorLabels: Record<(typeof COLOR_FIELDS)[number], string> = {
    background: t`Page background`,
    content_background: t`Content background`,
    primary: t`Button`,
    primary_text: t`Button text`,
    link: t`Links`,
    text: t`Text`,
    ticket_widget_background: t`Ticket widget background`,
  };

  const { error, onSubmit, saving, dirty } = useSectionSave(form, update, toBody, t`Event defaults saved.`);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <OrderTimeoutInput {...form.getInputProps('event_defaults.order_timeout_minutes')} />
          <TextInput
            label={t`Support e-mail`}
            description={t`Where buyers can ask questions about their order.`}
            type="email"
            {...form.getInputProps('event_defaults.support_email')}
          />
        </SimpleGrid>
        <RichTextInput
          label={t`Footer message for e-mails`}
          description={t`Shown at the bottom of order and ticket e-mails.`}
          defaultValue={defaults.email_footer_message ?? ''}
          onChange={(html) => form.setFieldValue('event_defaults.email_footer_message', html)}
          error={form.errors['event_defaults.email_footer_message']}
        />
        <Title order={3} fz="md" mt="sm">
          <Trans>Colors of event pages</Trans>
        </Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {COLOR_FIELDS.map((field) => (
                <ColorInput
                  key={field}
                  label={colorLabels[field]}
                  format="hex"
                  swatches={[DEFAULT_EVENT_COLORS[field], '#ffffff', '#000000']}
                  eyeDropperButtonProps={{ 'aria-label': t`Pick a color from the screen` }}
                  {...form.getInputProps(`event_defaults.colors.${field}`)}
                />
              ))}
            </SimpleGrid>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <EventPreview colors={form.values.event_defaults.colors} />
          </Grid.Col>
        </Grid>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => form.setFieldValue('event_defaults.colors', DEFAULT_EVENT_COLORS)}>
            <Trans>Reset colors</Trans>
          </Button>
          <Group gap="sm">
            <UnsavedBadge dirty={dirty} />
            <Button type="submit" loading={saving}>
              <Trans>Save event defaults</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

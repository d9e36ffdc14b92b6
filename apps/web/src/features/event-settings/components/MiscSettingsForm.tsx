import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';

import {
  CLIENT_LIMIT_MAX,
  type EventDto,
  type PriceDisplayMode,
  type UpdateEventSettingsBody,
  updateEventSettingsBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, NumberInput, Radio, Stack, Switch, Text } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { useUpdateEventSettings } from '../../events/api/events';
import { useSectionForm } from '../hooks/useSectionForm';
import { OrderTimeoutInput } from './OrderTimeoutInput';
import { SectionActions } from './SectionActions';

interface MiscValues {
  order_timeout_minutes: number | string;
  pre_checkout_message: string;
  post_checkout_message: string;
  show_remaining_tickets: boolean;
  price_display_mode: PriceDisplayMode;
  client_hold_limit: number | string;
  client_reservation_limit: number | string;
}

/** An emptied cap means "no cap". */
const capOf = (v: number | string) => (typeof v === 'number' ? v : null);

const toBody = (v: MiscValues): UpdateEventSettingsBody => ({
  // An emptied field is sent as null so it reads "required" instead of being left out.
  order_timeout_minutes: (typeof v.order_timeout_minutes === 'number' ? v.order_timeout_minutes : null) as number,
  pre_checkout_message: v.pre_checkout_message || null,
  post_checkout_message: v.post_checkout_message || null,
  show_remaining_tickets: v.show_remaining_tickets,
  price_display_mode: v.price_display_mode,
  client_hold_limit: capOf(v.client_hold_limit),
  client_reservation_limit: capOf(v.client_reservation_limit),
});

/** Order timeout, messages around checkout, remaining tickets and how prices are shown. */
export function MiscSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventSettingsBody,
    useUpdateEventSettings(event.id),
    {
      order_timeout_minutes: s.order_timeout_minutes,
      pre_checkout_message: s.pre_checkout_message ?? '',
      post_checkout_message: s.post_checkout_message ?? '',
      show_remaining_tickets: s.show_remaining_tickets,
      price_display_mode: s.price_display_mode,
      client_hold_limit: s.client_hold_limit ?? '',
      client_reservation_limit: s.client_reservation_limit ?? '',
    },
    toBody,
    t`Settings saved.`,
  );
  // A cap is a whole number of at least 1; empty means no cap.
  const capInput = {
    min: 1,
    max: CLIENT_LIMIT_MAX,
    allowDecimal: false,
    allowNegative: false,
    placeholder: t`No limit`,
    maw: 320,
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <OrderTimeoutInput maw={320} {...form.getInputProps('order_timeout_minutes')} />
        <RichTextInput
          label={t`Pre-checkout message`}
          description={t`Shown above the ticket selection.`}
          defaultValue={s.pre_checkout_message ?? ''}
          onChange={(html) => form.setFieldValue('pre_checkout_message', html)}
          error={form.errors.pre_checkout_message}
        />
        <RichTextInput
          label={t`Post-checkout message`}
          description={t`Shown on the order summary after a purchase.`}
          defaultValue={s.post_checkout_message ?? ''}
          onChange={(html) => form.setFieldValue('post_checkout_message', html)}
          error={form.errors.post_checkout_message}
        />
        <Switch
          label={t`Show the number of remaining tickets`}
          {...form.getInputProps('show_remaining_tickets', { type: 'checkbox' })}
        />
        <Radio.Group label={t`Ticket prices`} {...form.getInputProps('price_display_mode')}>
          <Group gap="lg" mt={6}>
            <Radio value="EXCLUSIVE" label={t`Show prices without taxes and fees`} />
            <Radio value="INCLUSIVE" label={t`Show prices including taxes and fees`} />
          </Group>
        </Radio.Group>
        <Stack gap={4}>
          <Text fw={500} size="sm">
            <Trans>Fair sale</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              Keeps one buyer from holding the tickets others want: each connection may hold only so many tickets in
              unfinished checkouts, and start only so many checkouts a minute. Everyone in a venue or an office shares
              one connection: keep these generous. Leave a field empty for no limit.
            </Trans>
          </Text>
        </Stack>
        <Group gap="md" align="flex-start">
          <NumberInput
            label={t`Tickets one connection may hold at once`}
            {...capInput}
            {...form.getInputProps('client_hold_limit')}
          />
          <NumberInput
            label={t`Checkouts one connection may start per minute`}
            {...capInput}
            {...form.getInputProps('client_reservation_limit')}
          />
        </Group>
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save settings</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}

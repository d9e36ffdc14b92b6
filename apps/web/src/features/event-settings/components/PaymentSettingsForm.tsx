import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';

import {
  type EventDto,
  type InvoiceMode,
  OFFLINE_PAYMENT_DAYS_MAX,
  type PaymentOptionDto,
  toZonedPickerValue,
  type UpdateEventSettingsBody,
  updateEventSettingsBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Checkbox,
  Divider,
  Group,
  Image,
  NumberInput,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';

import { DateTimeField } from '../../../components/DateTimeField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { WallClockProvider } from '../../../components/WallClockPicker';
import { toWallClock } from '../../../lib/format';
import { useUpdateEventSettings } from '../../events/api/events';
import { useEventPaymentOptions } from '../../events/api/payment-options';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

interface PaymentValues {
  offline_payments_enabled: boolean;
  offline_payment_instructions: string;
  /** '' for no term in days. */
  offline_payment_days: number | '';
  /** Picker value (wall clock in the event's zone) or null. */
  offline_payment_deadline: string | null;
  /** 'all': every connected option is offered (null saved); 'some': only those in `payment_options`. */
  payment_options_mode: 'all' | 'some';
  payment_options: string[];
  invoice_mode: InvoiceMode;
}

const toBody = (v: PaymentValues): UpdateEventSettingsBody => ({
  offline_payments_enabled: v.offline_payments_enabled,
  offline_payment_instructions: v.offline_payment_instructions || null,
  offline_payment_days: v.offline_payment_days === '' ? null : v.offline_payment_days,
  offline_payment_deadline: toWallClock(v.offline_payment_deadline),
  payment_options: v.payment_options_mode === 'all' ? null : v.payment_options,
  invoice_mode: v.invoice_mode,
});

/** "Ways to pay online": all connected options, or only the ones ticked (shown when there is more than one). */
function OnlineOptions({ eventId, form }: { eventId: number; form: UseFormReturnType<PaymentValues> }) {
  const { t } = useLingui();
  const options = useEventPaymentOptions(eventId);
  if (options.isPending) return <Skeleton h={72} radius="md" aria-label={t`Loading payment options`} />;
  if (options.isError) return <FormErrorAlert error={options.error} />;
  if (options.data.length <= 1) return null;
  const mode = form.values.payment_options_mode;
  return (
    <>
      <Radio.Group
        label={t`Ways to pay online`}
        description={t`Which of the connected online payment options buyers can choose at checkout.`}
        value={mode}
        onChange={(value) => form.setFieldValue('payment_options_mode', value as PaymentValues['payment_options_mode'])}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="all" label={t`All that are connected`} />
          <Radio value="some" label={t`Only these`} />
        </Stack>
      </Radio.Group>
      {mode === 'some' ? (
        <Checkbox.Group
          label={t`Payment options offered`}
          {...form.getInputProps('payment_options')}
          data-testid="payment-options"
        >
          <Stack gap="xs" mt={6}>
            {options.data.map((option: PaymentOptionDto) => (
              <Checkbox
                key={option.id}
                value={option.id}
                label={
                  <Group gap="xs" wrap="nowrap" component="span">
                    {option.image ? <Image src={option.image} alt="" h={24} w="auto" fit="contain" /> : null}
                    <Text span size="sm">
                      {option.provider === 'STRIPE' ? t`Card (Stripe)` : option.label}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      <Divider />
    </>
  );
}

/**
 * When the event's orders get an invoice: never, when the buyer asks for one at checkout, or always. The API refuses
 * the last two (422 on `invoice_mode`, shown on the choice) while the organizer has no invoice settings.
 */
function InvoiceModeField({ event, form }: { event: EventDto; form: UseFormReturnType<PaymentValues> }) {
  const { t } = useLingui();
  return (
    <Radio.Group
      label={t`Invoices`}
      description={
        <Trans>
          Invoices are issued in the organizer's name, from its{' '}
          <Anchor component={Link} to={`/manage/organizer/${event.organizer.id}#invoices`} inherit underline="always">
            invoice settings
          </Anchor>
          .
        </Trans>
      }
      {...form.getInputProps('invoice_mode')}
    >
      <Stack gap="xs" mt={6}>
        <Radio value="NONE" label={t`No invoices`} />
        <Radio
          value="ON_REQUEST"
          label={t`When the buyer asks`}
          description={t`Buyers can ask for one at checkout, with their company, address and VAT number.`}
        />
        <Radio value="ALWAYS" label={t`Always`} description={t`Every order that is not free gets one.`} />
      </Stack>
    </Radio.Group>
  );
}

/**
 * Whether buyers may pay offline (bank transfer, at the door), how, and by when (days after the order and/or a date);
 * and when orders get an invoice.
 */
export function PaymentSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventSettingsBody,
    useUpdateEventSettings(event.id),
    {
      offline_payments_enabled: s.offline_payments_enabled,
      offline_payment_instructions: s.offline_payment_instructions ?? '',
      offline_payment_days: s.offline_payment_days ?? '',
      offline_payment_deadline: s.offline_payment_deadline
        ? toZonedPickerValue(s.offline_payment_deadline, event.timezone)
        : null,
      payment_options_mode: s.payment_options ? 'some' : 'all',
      payment_options: s.payment_options ?? [],
      invoice_mode: s.invoice_mode,
    },
    toBody,
    t`Payment settings saved.`,
  );

  return (
    <WallClockProvider>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <OnlineOptions eventId={event.id} form={form} />
          <Switch
            label={t`Accept offline payments`}
            description={t`Buyers can place an order and pay later, for example by bank transfer. The order waits until you mark it as paid.`}
            {...form.getInputProps('offline_payments_enabled', { type: 'checkbox' })}
          />
          <RichTextInput
            label={t`Offline payment instructions`}
            description={t`Shown at checkout and in the order e-mail. Buyers use their order number as the payment reference.`}
            defaultValue={s.offline_payment_instructions ?? ''}
            onChange={(html) => form.setFieldValue('offline_payment_instructions', html)}
            error={form.errors.offline_payment_instructions}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t`Days to pay`}
              description={t`An offline order not paid within this many days is cancelled and its tickets are released. Buyers are reminded a day before. Empty: no limit.`}
              min={1}
              max={OFFLINE_PAYMENT_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('offline_payment_days')}
            />
            <DateTimeField
              label={t`Pay by`}
              description={t`At the latest by this time (event time zone), whatever the days allow; after it buyers can no longer choose to pay offline.`}
              clearable
              clearLabel={t`Clear the payment date`}
              {...form.getInputProps('offline_payment_deadline')}
            />
          </Group>
          <Divider />
          <InvoiceModeField event={event} form={form} />
          <SectionActions saving={saving} dirty={dirty}>
            <Trans>Save payment settings</Trans>
          </SectionActions>
        </Stack>
      </form>
    </WallClockProvider>
  );
}

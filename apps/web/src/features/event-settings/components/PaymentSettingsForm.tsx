import '@mantine/core/styles/Switch.css';
import { updateEventSettingsBody, type EventDto, type UpdateEventSettingsBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateEventSettings } from '../../events/api/events';
import { useSectionSave } from '../hooks/useSectionSave';
import { SectionActions } from './SectionActions';

interface PaymentValues {
  offline_payments_enabled: boolean;
  offline_payment_instructions: string;
}

const toBody = (v: PaymentValues): UpdateEventSettingsBody => ({
  offline_payments_enabled: v.offline_payments_enabled,
  offline_payment_instructions: v.offline_payment_instructions || null,
});

/** Whether buyers may pay offline (bank transfer, at the door), and how. */
export function PaymentSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const validate = useSchemaValidation<PaymentValues>(updateEventSettingsBody, toBody);
  const form = useForm<PaymentValues>({
    initialValues: {
      offline_payments_enabled: s.offline_payments_enabled,
      offline_payment_instructions: s.offline_payment_instructions ?? '',
    },
    validate,
  });
  const { error, onSubmit, saving, dirty } = useSectionSave(form, useUpdateEventSettings(event.id), toBody, t`Payment settings saved.`);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
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
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save payment settings</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}

import '@mantine/core/styles/Switch.css';

import { type EventDto, type UpdateEventSettingsBody, updateEventSettingsBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Switch, TextInput } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { useUpdateEventSettings } from '../../events/api/events';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

interface EmailValues {
  support_email: string;
  email_footer_message: string;
  notify_organizer_of_new_orders: boolean;
}

const toBody = (v: EmailValues): UpdateEventSettingsBody => ({
  support_email: v.support_email.trim() || null,
  email_footer_message: v.email_footer_message || null,
  notify_organizer_of_new_orders: v.notify_organizer_of_new_orders,
});

/** Support address, e-mail footer and whether the organizer hears of each new order. */
export function EmailSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventSettingsBody,
    useUpdateEventSettings(event.id),
    {
      support_email: s.support_email ?? '',
      email_footer_message: s.email_footer_message ?? '',
      notify_organizer_of_new_orders: s.notify_organizer_of_new_orders,
    },
    toBody,
    t`E-mail settings saved.`,
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <TextInput
          label={t`Support e-mail`}
          description={t`Where buyers can ask questions about their order.`}
          type="email"
          {...form.getInputProps('support_email')}
        />
        <RichTextInput
          label={t`Footer message for e-mails`}
          description={t`Shown at the bottom of order and ticket e-mails.`}
          defaultValue={s.email_footer_message ?? ''}
          onChange={(html) => form.setFieldValue('email_footer_message', html)}
          error={form.errors.email_footer_message}
        />
        <Switch
          label={t`Notify the organizer of new orders`}
          description={t`Sends an e-mail to the organizer's address for every completed order.`}
          {...form.getInputProps('notify_organizer_of_new_orders', { type: 'checkbox' })}
        />
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save e-mail settings</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}

import type { AutomationDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { FormActions, FormStack } from '../../../components/FormActions';
import { type AutomationScope, useCreateAutomation } from '../api/automations';
import { type AutomationValues, newReminderValues, toAutomationBody } from '../automation-form';
import { AutomationFields, automationSaveError, useAutomationValidation } from './AutomationFields';

interface AddReminderFormProps {
  scope: AutomationScope;
  existing: AutomationDto[];
  onDone: () => void;
}

function AddReminderForm({ scope, existing, onDone }: AddReminderFormProps) {
  const { t } = useLingui();
  const validate = useAutomationValidation('REMINDER');
  const form = useForm<AutomationValues>({ initialValues: newReminderValues(existing), validate });
  const create = useCreateAutomation(scope);
  const [error, setError] = useState<unknown>(null);

  const submit = (values: AutomationValues) => {
    setError(null);
    create.mutate(toAutomationBody('REMINDER', values), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t`Reminder added.` });
        onDone();
      },
      onError: (e) => setError(automationSaveError(e, form.setErrors)),
    });
  };

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={error}>
      <AutomationFields kind="REMINDER" form={form} autoFocus />
      <FormActions onCancel={onDone} loading={create.isPending}>
        <Trans>Add reminder</Trans>
      </FormActions>
    </FormStack>
  );
}

/** A new reminder before each date: on, a day before unless there is that one already. */
export function AddReminderDialog({ opened, ...props }: AddReminderFormProps & { opened: boolean }) {
  return (
    <AppModal opened={opened} onClose={props.onDone} title={<Trans>Add a reminder</Trans>}>
      <AddReminderForm {...props} />
    </AppModal>
  );
}

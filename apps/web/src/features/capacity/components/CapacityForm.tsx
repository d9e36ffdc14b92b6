import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';

import {
  type CapacityAssignmentBody,
  capacityAssignmentBody,
  type CapacityAssignmentDto,
  type TicketDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Checkbox, Group, NumberInput, Radio, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';

import { FormActions, FormStack } from '../../../components/FormActions';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { TicketsSelect } from '../../tickets/components/TicketsSelect';
import { useSaveCapacityAssignment } from '../api/capacity';

interface CapacityValues {
  name: string;
  unlimited: boolean;
  capacity: number | string;
  applies_to: 'ALL' | 'TICKETS';
  ticket_ids: string[];
  enabled: boolean;
}

const toBody = (v: CapacityValues): CapacityAssignmentBody => ({
  name: v.name,
  // An emptied capacity is left out so it reads "required" rather than unlimited.
  capacity: v.unlimited ? null : ((typeof v.capacity === 'number' ? v.capacity : undefined) as number),
  applies_to: v.applies_to,
  ticket_ids: v.applies_to === 'TICKETS' ? v.ticket_ids.map(Number) : [],
  enabled: v.enabled,
});

interface CapacityFormProps {
  eventId: number;
  tickets: TicketDto[];
  assignment?: CapacityAssignmentDto;
  onDone: () => void;
}

/** Name, capacity or unlimited, the whole event or chosen tickets, and whether it is enforced. */
export function CapacityForm({ eventId, tickets, assignment, onDone }: CapacityFormProps) {
  const { t } = useLingui();
  const save = useSaveCapacityAssignment(eventId);
  const validate = useSchemaValidation<CapacityValues>(capacityAssignmentBody, toBody);
  const form = useForm<CapacityValues>({
    initialValues: assignment
      ? {
          name: assignment.name,
          unlimited: assignment.capacity === null,
          capacity: assignment.capacity ?? '',
          applies_to: assignment.applies_to,
          ticket_ids: assignment.ticket_ids.map(String),
          enabled: assignment.enabled,
        }
      : { name: '', unlimited: false, capacity: '', applies_to: 'TICKETS', ticket_ids: [], enabled: true },
    validate,
  });
  const formError = useFormError(form.setErrors);

  const submit = (values: CapacityValues) =>
    save.mutate({ id: assignment?.id, body: toBody(values) }, formError.handle(onDone));

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      {isApiError(formError.error) && formError.error.code === 'TICKET_REQUIRED' ? (
        <Anchor component={Link} to={`/manage/event/${eventId}/tickets`}>
          <Trans>Go to tickets</Trans>
        </Anchor>
      ) : null}
      <TextInput
        label={t`Name`}
        placeholder={t`e.g. Main hall`}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Group align="flex-end" gap="md">
        <NumberInput
          label={t`Capacity`}
          description={t`On each date of the event.`}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={form.values.unlimited}
          style={{ flex: 1 }}
          {...form.getInputProps('capacity')}
        />
        <Checkbox label={t`Unlimited (only count)`} mb={8} {...form.getInputProps('unlimited', { type: 'checkbox' })} />
      </Group>
      <Radio.Group label={t`Applies to`} {...form.getInputProps('applies_to')}>
        <Group gap="md" mt={6}>
          <Radio value="TICKETS" label={t`Chosen tickets`} />
          <Radio value="ALL" label={t`The whole event`} />
        </Group>
      </Radio.Group>
      {form.values.applies_to === 'TICKETS' ? (
        <TicketsSelect tickets={tickets} required {...form.getInputProps('ticket_ids')} />
      ) : null}
      <Switch
        label={t`Enabled`}
        description={t`A disabled assignment does not limit sales.`}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <FormActions onCancel={onDone} loading={save.isPending}>
        {assignment ? <Trans>Save changes</Trans> : <Trans>Create capacity assignment</Trans>}
      </FormActions>
    </FormStack>
  );
}

import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';

import { type BulkEventDatesBody, bulkEventDatesBody } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';

import { FormActions, FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useBulkUpdateEventDates } from '../api/event-dates';
import { EDITABLE_STATUSES, type EditableStatus } from '../event-date-view';
import { STATUS_LABELS } from './DateStatusBadge';

/** What a bulk change changes. */
export type BulkChange = 'capacity' | 'status' | 'label';

interface BulkValues {
  capacity: number | string;
  status: EditableStatus;
  label: string;
}

interface BulkDatesFormProps {
  eventId: number;
  change: BulkChange;
  ids: number[];
  onDone: (changed: boolean) => void;
}

/** One change (capacity, status or label) to every chosen date at once. */
export function BulkDatesForm({ eventId, change, ids, onDone }: BulkDatesFormProps) {
  const { t, i18n } = useLingui();
  const save = useBulkUpdateEventDates(eventId);
  const toBody = useCallback(
    (v: BulkValues): BulkEventDatesBody => ({
      ids,
      ...(change === 'capacity' ? { capacity: typeof v.capacity === 'number' ? v.capacity : null } : {}),
      ...(change === 'status' ? { status: v.status } : {}),
      ...(change === 'label' ? { label: v.label.trim() || null } : {}),
    }),
    [change, ids],
  );
  const validate = useSchemaValidation<BulkValues>(bulkEventDatesBody, toBody);
  const form = useForm<BulkValues>({ initialValues: { capacity: '', status: 'ON_SALE', label: '' }, validate });
  const formError = useFormError(form.setErrors);

  const submit = (values: BulkValues) =>
    save.mutate(
      toBody(values),
      formError.handle((changed) => {
        notifications.show({
          color: 'teal',
          message: plural(changed.length, { one: '# date changed', other: '# dates changed' }),
        });
        onDone(true);
      }),
    );

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <Text size="sm">
        {plural(ids.length, { one: 'Changes the date chosen.', other: 'Changes all # dates chosen.' })}
      </Text>
      {change === 'capacity' ? (
        <NumberInput
          label={t`Capacity`}
          description={t`Empty: only the tickets' quantities limit them.`}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          data-autofocus
          {...form.getInputProps('capacity')}
        />
      ) : null}
      {change === 'status' ? (
        <Select
          label={t`Status`}
          allowDeselect={false}
          data={EDITABLE_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
          {...form.getInputProps('status')}
        />
      ) : null}
      {change === 'label' ? (
        <TextInput
          label={t`Label`}
          description={t`Empty: the dates have no label.`}
          data-autofocus
          {...form.getInputProps('label')}
        />
      ) : null}
      <FormActions onCancel={() => onDone(false)} loading={save.isPending}>
        <Trans>Apply to the dates</Trans>
      </FormActions>
    </FormStack>
  );
}

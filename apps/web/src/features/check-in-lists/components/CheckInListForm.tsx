import '@mantine/core/styles/Radio.css';

import { checkInListBody, type CheckInListDto, type TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Radio, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormActions, FormStack } from '../../../components/FormActions';
import { WallClockPicker, WallClockProvider } from '../../../components/WallClockPicker';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { TicketsSelect } from '../../tickets/components/TicketsSelect';
import { useSaveCheckInList } from '../api/check-in-lists';
import { checkInListBodyOf, type CheckInListValues, checkInListValues } from '../check-in-list-form';

interface CheckInListFormProps {
  eventId: number;
  /** The event's time zone: the window is typed and shown in it. */
  timeZone: string;
  tickets: TicketDto[];
  list?: CheckInListDto;
  onDone: () => void;
}

/** Name, description, which tickets the list admits, and when it opens and closes. */
export function CheckInListForm({ eventId, timeZone, tickets, list, onDone }: CheckInListFormProps) {
  const { t } = useLingui();
  const save = useSaveCheckInList(eventId);
  const validate = useSchemaValidation<CheckInListValues>(checkInListBody, checkInListBodyOf);
  const form = useForm<CheckInListValues>({ initialValues: checkInListValues(list, timeZone), validate });
  const formError = useFormError(form.setErrors);

  const submit = (values: CheckInListValues) =>
    save.mutate({ id: list?.id, body: checkInListBodyOf(values) }, formError.handle(onDone));
  const windowHelp = t`In the event's time zone. Leave empty to keep the list open.`;

  return (
    <WallClockProvider>
      <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
        <TextInput
          label={t`Name`}
          placeholder={t`All tickets`}
          description={t`Leave blank for the default name.`}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea label={t`Description`} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
        <Radio.Group label={t`Admits`} {...form.getInputProps('admits')}>
          <Group gap="md" mt={6}>
            <Radio value="ALL" label={t`All tickets (also those created later)`} />
            <Radio value="TICKETS" label={t`Chosen tickets`} />
          </Group>
        </Radio.Group>
        {form.values.admits === 'TICKETS' ? (
          <TicketsSelect tickets={tickets} required {...form.getInputProps('ticket_ids')} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <WallClockPicker label={t`Opens at`} description={windowHelp} {...form.getInputProps('activates_at')} />
          <WallClockPicker label={t`Closes at`} description={windowHelp} {...form.getInputProps('expires_at')} />
        </SimpleGrid>
        <FormActions onCancel={onDone} loading={save.isPending}>
          {list ? <Trans>Save changes</Trans> : <Trans>Create check-in list</Trans>}
        </FormActions>
      </FormStack>
    </WallClockProvider>
  );
}

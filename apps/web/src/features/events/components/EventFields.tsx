import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { useLingui } from '@lingui/react/macro';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { CurrencySelect } from '../../../components/CurrencySelect';
import { DateTimeField } from '../../../components/DateTimeField';
import { RichTextInput } from '../../../components/RichTextInput';
import { TimeZoneSelect } from '../../../components/TimeZoneSelect';

/** The event's own fields as the forms hold them: start and end on the event's wall clock. */
export interface EventValues {
  title: string;
  organizer_id: string | null;
  start_date: string | null;
  end_date: string | null;
  timezone: string;
  currency: string;
  description: string;
}

interface EventFieldsProps {
  form: UseFormReturnType<EventValues>;
  organizers: { value: string; label: string }[];
  /** The title takes the focus, `autoFocus` too (a form that appears after its dialog opened or after a step). */
  focusTitle?: boolean;
  timeZoneDescription?: string;
  /** The description the editor starts from (it keeps its own content after that). */
  initialDescription?: string;
}

/**
 * Title, organizer, start and end, time zone, currency and description: the fields of a new event and of
 * an event's details. Wrap them in a WallClockProvider (the date pickers).
 */
export function EventFields({
  form,
  organizers,
  focusTitle,
  timeZoneDescription,
  initialDescription,
}: EventFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      {focusTitle ? (
        <TextInput label={t`Event title`} required data-autofocus autoFocus {...form.getInputProps('title')} />
      ) : (
        <TextInput label={t`Event title`} required {...form.getInputProps('title')} />
      )}
      <Select
        label={t`Organizer`}
        required
        allowDeselect={false}
        data={organizers}
        {...form.getInputProps('organizer_id')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateTimeField label={t`Starts`} required {...form.getInputProps('start_date')} />
        <DateTimeField
          label={t`Ends`}
          clearable
          clearLabel={t`Clear the end date`}
          {...form.getInputProps('end_date')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TimeZoneSelect
          label={t`Time zone`}
          description={timeZoneDescription}
          required
          {...form.getInputProps('timezone')}
        />
        <CurrencySelect label={t`Currency`} required {...form.getInputProps('currency')} />
      </SimpleGrid>
      <RichTextInput
        label={t`Description`}
        description={t`Tell buyers what to expect. Shown on the event page.`}
        defaultValue={initialDescription}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
      />
    </>
  );
}

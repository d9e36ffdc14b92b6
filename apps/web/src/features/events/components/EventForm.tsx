import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { type CreateEventBody, createEventBody, type EventDto, type OrganizerDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { WallClockProvider } from '../../../components/WallClockPicker';
import { applyFieldErrors } from '../../../lib/form-submit';
import { toWallClock } from '../../../lib/format';
import { useSchemaValidation } from '../../../lib/validation';
import { useCreateEvent } from '../api/events';
import { EventFields, type EventValues } from './EventFields';

interface EventFormProps {
  organizers: OrganizerDto[];
  defaultOrganizerId?: number;
  defaultTimezone: string;
  defaultCurrency: string;
  onCreated: (event: EventDto) => void;
  secondaryAction?: ReactNode;
}

const toBody = (v: EventValues) =>
  ({
    title: v.title,
    organizer_id: v.organizer_id ? Number(v.organizer_id) : undefined,
    start_date: toWallClock(v.start_date) ?? undefined,
    end_date: toWallClock(v.end_date),
    timezone: v.timezone,
    currency: v.currency,
    description: v.description || null,
  }) as CreateEventBody;

/** Creates an event: title, organizer, dates in the event's time zone, currency and description. */
export function EventForm(props: EventFormProps) {
  const { organizers, defaultOrganizerId, defaultTimezone, defaultCurrency, onCreated, secondaryAction } = props;
  const create = useCreateEvent();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<EventValues>(createEventBody, toBody);
  const form = useForm<EventValues>({
    initialValues: {
      title: '',
      organizer_id: defaultOrganizerId
        ? String(defaultOrganizerId)
        : organizers.length === 1
          ? String(organizers[0]!.id)
          : null,
      start_date: null,
      end_date: null,
      timezone: defaultTimezone,
      currency: defaultCurrency,
      description: '',
    },
    validate,
  });

  const submit = (values: EventValues) => {
    setError(null);
    create.mutate(toBody(values), {
      onSuccess: onCreated,
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  return (
    <WallClockProvider>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          {/* The form appears after the dialog opened (lazily loaded) or after the organizer step. */}
          <EventFields
            form={form}
            organizers={organizers.map((o) => ({ value: String(o.id), label: o.name }))}
            focusTitle
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            {secondaryAction}
            <Button type="submit" loading={create.isPending}>
              <Trans>Create event</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </WallClockProvider>
  );
}

import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';

import { type Role, roleHasBoxOfficeOption, roleHasEventScope, roleHasOrganizerScope } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Radio, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { useCheckInEvents } from '../../check-in/api/check-in';
import { EventsMultiSelect } from '../../check-in/components/EventsMultiSelect';
import { useOrganizers } from '../../organizers/api/organizers';
import { OrganizersMultiSelect } from './OrganizersMultiSelect';

/**
 * The part of a form that names a role and, for door staff and the box office, their events; door staff may also be
 * given the box office, organizers limited to some organizers.
 */
export interface RoleValues {
  role: Role;
  event_ids?: number[];
  organizer_ids?: number[];
  sells_at_box_office?: boolean;
}

/**
 * What the chosen role sends: events only for door and box-office staff (the other roles see every event), the
 * box-office option only for door staff (the server refuses it for another role). Organizers always send their
 * organizers, none included: an emptied list lifts the limit (a change without the list would keep it).
 */
export function roleBody<V extends RoleValues>(values: V): V {
  const { event_ids, organizer_ids, sells_at_box_office, ...rest } = values;
  return {
    ...rest,
    ...(roleHasEventScope(values.role) ? { event_ids } : {}),
    ...(roleHasOrganizerScope(values.role) ? { organizer_ids: organizer_ids ?? [] } : {}),
    ...(roleHasBoxOfficeOption(values.role) ? { sells_at_box_office: sells_at_box_office ?? false } : {}),
  } as V;
}

/**
 * Role as four choices with what each may do; door staff and box-office staff also name the events they work
 * (the server refuses none: "Choose at least one event."), door staff may also be given the box office, and
 * organizers may be limited to some organizers (none: every organizer).
 */
export function RoleFields<T extends RoleValues>({ form }: { form: UseFormReturnType<T> }) {
  const { t } = useLingui();
  const values = form.getValues() as RoleValues;
  const events = useCheckInEvents();
  const eventIds = form.getInputProps('event_ids');
  const organizers = useOrganizers();
  return (
    <Stack gap="md">
      <Radio.Group label={t`Role`} required {...form.getInputProps('role')}>
        <Stack gap="sm" mt={6}>
          <Radio value="ADMIN" label={t`Admin`} description={t`Full access to events, users and account settings.`} />
          <Radio
            value="ORGANIZER"
            label={t`Organizer`}
            description={t`Events and tickets only. No users, account settings or billing.`}
          />
          <Radio
            value="DOOR_STAFF"
            label={t`Door staff`}
            description={t`Checks guests in at the events you choose. Sees attendee names and tickets, nothing else.`}
          />
          <Radio
            value="BOX_OFFICE"
            label={t`Box office`}
            description={t`Sells tickets at the door and checks guests in at the events you choose. Sees attendee names and tickets, nothing else.`}
          />
        </Stack>
      </Radio.Group>
      {roleHasEventScope(values.role) ? (
        <EventsMultiSelect
          events={events}
          description={
            values.role === 'BOX_OFFICE'
              ? t`The events this person sells tickets and checks guests in at.`
              : t`The events this person checks guests in at.`
          }
          value={values.event_ids ?? []}
          onChange={(ids) => form.setFieldValue('event_ids' as never, ids as never)}
          error={eventIds.error}
        />
      ) : null}
      {roleHasOrganizerScope(values.role) ? (
        <OrganizersMultiSelect
          organizers={organizers}
          value={values.organizer_ids ?? []}
          onChange={(ids) => form.setFieldValue('organizer_ids' as never, ids as never)}
          error={form.getInputProps('organizer_ids').error}
        />
      ) : null}
      {roleHasBoxOfficeOption(values.role) ? (
        <Checkbox
          label={t`May also sell at the box office`}
          description={t`Also sells tickets at the door of these events. Sees no orders or reports.`}
          {...form.getInputProps('sells_at_box_office', { type: 'checkbox' })}
        />
      ) : null}
    </Stack>
  );
}

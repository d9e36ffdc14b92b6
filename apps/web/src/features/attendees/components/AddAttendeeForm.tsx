import {
  type CreateAttendeeBody,
  createAttendeeBody,
  type EventDateDto,
  type EventDto,
  formatOrderDate,
  personName,
  type TicketDto,
  toMinorUnits,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { MoneyInput } from '../../../components/MoneyInput';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { PersonFields } from '../../orders/components/PersonFields';
import {
  ConfirmAddressNotice,
  isEmailNotConfirmed,
  useAddressUnconfirmed,
} from '../../profile/components/ConfirmAddressNotice';
import { useEventSeating } from '../../seating/api/event-seating';
import { useSeatPlaces } from '../../seating/api/seat-map';
import { useMe } from '../../users/api/me';
import { useCreateAttendee } from '../api/attendees';
import { fittingSeats, isSeatedTicket } from '../fitting-seats';
import { SeatPlaceSelect } from './SeatPlaceSelect';
import { ticketTierErrors, TicketTierFields, type TicketTierValues } from './TicketTierFields';

interface AddValues extends TicketTierValues {
  first_name: string;
  last_name: string;
  email: string;
  amount_paid: number | string;
  send_ticket: boolean;
  /** With several dates: the one the ticket is for. */
  event_date_id: string | null;
  /** A ticket sold by seat: the place given (none: seated later). */
  seat_id: string | null;
}

/**
 * Adds an attendee by hand: a completed manual order (cash at the door, a guest list). The ticket is
 * e-mailed only from a confirmed address: until the organizer's is, the form says so and adds without a mail. A
 * ticket sold by seat may be given a free or held seat of it (issue #40).
 */
export function AddAttendeeForm({
  event,
  tickets,
  dates = [],
  defaultDateId = null,
  onDone,
}: {
  event: EventDto;
  tickets: TicketDto[];
  /** The event's dates: with several (not cancelled), the form asks which one the ticket is for. */
  dates?: readonly EventDateDto[];
  /** The date chosen at first (the list's date filter), else none. */
  defaultDateId?: number | null;
  onDone: (attendeeId?: number) => void;
}) {
  const { t, i18n } = useLingui();
  const open = dates.filter((d) => d.status !== 'CANCELLED');
  const choosesDate = open.length > 1;
  const create = useCreateAttendee(event.id);
  const me = useMe();
  const canMail = me.data?.user.email_verified !== false;
  const toBody = (v: AddValues): CreateAttendeeBody => ({
    ticket_id: Number(v.ticket_id) || 1,
    tier_id: v.tier_id ? Number(v.tier_id) : null,
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    amount_paid: typeof v.amount_paid === 'number' ? toMinorUnits(v.amount_paid, event.currency) : 0,
    send_ticket: v.send_ticket && canMail,
    seat_id: v.seat_id ? Number(v.seat_id) : null,
    event_date_id: choosesDate && v.event_date_id ? Number(v.event_date_id) : null,
  });
  const schemaErrors = useSchemaValidation<AddValues>(createAttendeeBody, toBody);
  const first = tickets[0];
  const form = useForm<AddValues>({
    initialValues: {
      ticket_id: first ? String(first.id) : null,
      tier_id: first?.type === 'TIERED' && first.tiers[0] ? String(first.tiers[0].id) : null,
      first_name: '',
      last_name: '',
      email: '',
      amount_paid: 0,
      send_ticket: canMail,
      event_date_id: choosesDate && open.some((d) => d.id === defaultDateId) ? String(defaultDateId) : null,
      seat_id: null,
    },
    // Another ticket, tier or date sells other seats.
    onValuesChange: (values, previous) => {
      const moved =
        values.ticket_id !== previous.ticket_id ||
        values.tier_id !== previous.tier_id ||
        values.event_date_id !== previous.event_date_id;
      if (values.seat_id && moved) form.setFieldValue('seat_id', null);
    },
    validate: (values) => ({
      ...schemaErrors(values),
      ...(choosesDate && !values.event_date_id ? { event_date_id: t`Choose a date.` } : {}),
      ...ticketTierErrors(values, tickets, { ticket: t`Choose a ticket.`, tier: t`Choose a price tier.` }),
    }),
  });
  const formError = useFormError(form.setErrors);
  const seating = useEventSeating(event.id);
  const ticketId = form.values.ticket_id ? Number(form.values.ticket_id) : null;
  const seated = isSeatedTicket(seating.data?.categories, ticketId);
  const dateId = choosesDate ? (form.values.event_date_id ? Number(form.values.event_date_id) : null) : null;
  const places = useSeatPlaces(event.id, dateId, seated && (!choosesDate || dateId !== null));
  const seatInput = form.getInputProps('seat_id');
  const unconfirmed = useAddressUnconfirmed(formError.error);

  const submit = (values: AddValues) => {
    formError.clear();
    create.mutate(toBody(values), {
      onSuccess: (attendee) => {
        const name = personName(attendee);
        notifications.show({
          color: 'teal',
          message:
            values.send_ticket && canMail ? t`${name} added. The ticket is on its way by e-mail.` : t`${name} added.`,
        });
        onDone(attendee.id);
      },
      onError: formError.fail,
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {unconfirmed ? (
          <ConfirmAddressNotice title={<Trans>Confirm your e-mail address to e-mail tickets</Trans>}>
            <Trans>
              You can add attendees now, without e-mailing their tickets. Tickets are e-mailed only from a confirmed
              address: open the link in the confirmation e-mail we sent you, or send it again.
            </Trans>
          </ConfirmAddressNotice>
        ) : null}
        {isEmailNotConfirmed(formError.error) ? null : <FormErrorAlert error={formError.error} />}
        <TicketTierFields form={form} tickets={tickets} />
        {choosesDate ? (
          <Select
            label={t`Date`}
            placeholder={t`Choose a date`}
            required
            searchable
            limit={200}
            data={open.map((d) => ({ value: String(d.id), label: formatOrderDate(d, event.timezone, i18n.locale) }))}
            {...form.getInputProps('event_date_id')}
          />
        ) : null}
        {seated && places.data && seating.data ? (
          <SeatPlaceSelect
            label={t`Seat`}
            description={t`Optional: a free or held seat of this ticket. Without one, the attendee is seated later.`}
            places={fittingSeats(
              places.data,
              seating.data.categories,
              ticketId!,
              form.values.tier_id ? Number(form.values.tier_id) : null,
            )}
            value={form.values.seat_id}
            onChange={(v) => form.setFieldValue('seat_id', v)}
            error={typeof seatInput.error === 'string' ? seatInput.error : undefined}
          />
        ) : null}
        <PersonFields inputProps={form.getInputProps} />
        <MoneyInput
          label={t`Amount paid`}
          description={t`For example cash at the door. Enter 0 for a free guest ticket.`}
          currency={event.currency}
          {...form.getInputProps('amount_paid')}
        />
        <Checkbox
          label={t`Send the ticket by e-mail`}
          disabled={!canMail}
          {...form.getInputProps('send_ticket', { type: 'checkbox' })}
          checked={canMail && form.values.send_ticket}
        />
        <FormActions onCancel={() => onDone()} loading={create.isPending}>
          <Trans>Add attendee</Trans>
        </FormActions>
      </Stack>
    </form>
  );
}

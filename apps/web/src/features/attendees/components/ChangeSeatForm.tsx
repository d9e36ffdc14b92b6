import type { AttendeeDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions, FormStack } from '../../../components/FormActions';
import { ListBody } from '../../../components/ListBody';
import { useFormError } from '../../../lib/form-submit';
import { useSeatText } from '../../../lib/seat-text';
import { useEventSeating } from '../../seating/api/event-seating';
import { useSeatPlaces } from '../../seating/api/seat-map';
import { useMe } from '../../users/api/me';
import { useMoveAttendeeSeat } from '../api/attendees';
import { fittingSeats } from '../fitting-seats';
import { SeatPlaceSelect } from './SeatPlaceSelect';

interface ChangeSeatFormProps {
  eventId: number;
  attendee: AttendeeDetailDto;
  onDone: () => void;
}

/**
 * Seats an attendee elsewhere on its date (issue #40): a free or held seat sold as its ticket and tier, the ticket
 * mailed again unless unticked (only from a confirmed address, as every ticket mail). A refusal (the seat taken
 * meanwhile, not sold as this ticket) shows on the select.
 */
export function ChangeSeatForm({ eventId, attendee, onDone }: ChangeSeatFormProps) {
  const seating = useEventSeating(eventId);
  const places = useSeatPlaces(eventId, attendee.date.id);
  return (
    <ListBody queries={[seating, places]}>
      {(s, p) => (
        <SeatForm
          eventId={eventId}
          attendee={attendee}
          onDone={onDone}
          places={fittingSeats(p, s.categories, attendee.ticket_id, attendee.tier_id)}
        />
      )}
    </ListBody>
  );
}

function SeatForm({
  eventId,
  attendee,
  onDone,
  places,
}: ChangeSeatFormProps & { places: ReturnType<typeof fittingSeats> }) {
  const { t } = useLingui();
  const seatName = useSeatText();
  const move = useMoveAttendeeSeat(eventId, attendee.id);
  const unconfirmed = useMe().data?.user.email_verified === false;
  const canMail = !!attendee.email && attendee.status === 'ACTIVE' && !unconfirmed;
  const form = useForm<{ seat_id: string | null; send_ticket: boolean }>({
    initialValues: { seat_id: null, send_ticket: canMail },
    validate: { seat_id: (v) => (v ? null : t`Choose a seat.`) },
  });
  const formError = useFormError(form.setErrors);
  const current = attendee.seat ? seatName(attendee.seat) : null;

  const submit = (values: typeof form.values) =>
    move.mutate(
      { seat_id: Number(values.seat_id), send_ticket: values.send_ticket && canMail },
      formError.handle((moved) => {
        const seat = seatName(moved.seat);
        notifications.show({ color: 'teal', message: t`Seat changed to ${seat}.` });
        onDone();
      }),
    );

  const seatInput = form.getInputProps('seat_id');
  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <Text size="sm">{current ? <Trans>Seated now: {current}</Trans> : <Trans>No seat yet.</Trans>}</Text>
      <SeatPlaceSelect
        label={t`New seat`}
        required
        places={places}
        value={form.values.seat_id}
        onChange={(v) => form.setFieldValue('seat_id', v)}
        error={typeof seatInput.error === 'string' ? seatInput.error : undefined}
      />
      <Checkbox
        label={t`Mail the ticket again`}
        description={unconfirmed ? t`Confirm your e-mail address to e-mail tickets` : undefined}
        disabled={!canMail}
        {...form.getInputProps('send_ticket', { type: 'checkbox' })}
        checked={canMail && form.values.send_ticket}
      />
      <FormActions onCancel={onDone} loading={move.isPending}>
        <Trans>Change seat</Trans>
      </FormActions>
    </FormStack>
  );
}

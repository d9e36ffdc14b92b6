import type { PublicAttendeeDto, PublicOrderDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconMailForward, IconPencil, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';

import { errorMessage } from '../../lib/error-text';
import { AttendeeEditDialog } from './AttendeeEditDialog';
import { resendTicket } from './self-service-api';
import { TransferDialog } from './TransferDialog';

/**
 * What the buyer may do with one ticket of their order themselves: correct its details, pass it on (each
 * until the event's cut-off), send its e-mail again. `announce` speaks the outcome to screen readers and shows it.
 */
export function TicketSelfService({
  order,
  attendee,
  onChange,
  announce,
}: {
  order: PublicOrderDto;
  attendee: PublicAttendeeDto;
  onChange: (order: PublicOrderDto) => void;
  announce: (text: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [passing, setPassing] = useState(false);
  const [sending, setSending] = useState(false);
  const self = order.self_service;
  const name = personName(attendee);
  const canEdit = !!self?.can_edit && (attendee.status === 'ACTIVE' || attendee.status === 'AWAITING_PAYMENT');
  const canResend = attendee.status === 'ACTIVE' && !!attendee.email;
  // A pass's tickets are not passed on one by one (any of its codes admits on each of its dates).
  const canTransfer = !!self?.can_transfer && attendee.status === 'ACTIVE' && !attendee.pass_date;
  if (!canEdit && !canResend && !canTransfer) return null;

  const resend = async () => {
    setSending(true);
    try {
      onChange(await resendTicket(order.event.id, order.short_id, attendee.short_id, i18n.locale));
      announce(t`The ticket of ${name} is on its way to ${attendee.email ?? ''}.`);
    } catch (err) {
      announce(errorMessage(err, i18n));
    } finally {
      setSending(false);
    }
  };

  return (
    <Group gap="xs">
      {canEdit && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t`Correct the details of ${name}`}
          onClick={() => setEditing(true)}
        >
          <Trans>Correct details</Trans>
        </Button>
      )}
      {canResend && (
        <Button
          size="xs"
          variant="subtle"
          loading={sending}
          leftSection={<IconMailForward size={14} aria-hidden />}
          aria-label={t`Send the ticket of ${name} again`}
          onClick={() => void resend()}
        >
          <Trans>Send again</Trans>
        </Button>
      )}
      {canTransfer && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconUserShare size={14} aria-hidden />}
          aria-label={t`Pass on the ticket of ${name}`}
          onClick={() => setPassing(true)}
        >
          <Trans>Pass on</Trans>
        </Button>
      )}
      {passing && (
        <TransferDialog
          order={order}
          attendee={attendee}
          onClose={() => setPassing(false)}
          onDone={(next, to) => {
            setPassing(false);
            onChange(next);
            announce(t`The ticket is passed on to ${to}, with a new code. The old code no longer works.`);
          }}
        />
      )}
      {editing && (
        <AttendeeEditDialog
          order={order}
          attendee={attendee}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            onChange(next);
            announce(t`The details of ${name} are saved.`);
          }}
        />
      )}
    </Group>
  );
}

import type { PublicAttendeeDto, PublicOrderDto } from '@admitone/shared';
import { formatDateTime, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';

import { PersonFields } from '../checkout/PersonFields';
import { transferTicket } from './self-service-api';
import { SelfServiceDialog } from './SelfServiceDialog';
import { useSubmitChange } from './use-submit-change';

interface TransferValues {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The buyer passes one ticket on to someone else: their name and e-mail. The ticket gets a new QR
 * code at once (the current one stops admitting) and goes to the new holder by e-mail.
 */
export function TransferDialog({
  order,
  attendee,
  onClose,
  onDone,
}: {
  order: PublicOrderDto;
  attendee: PublicAttendeeDto;
  onClose: () => void;
  onDone: (order: PublicOrderDto, to: string) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<TransferValues>({ initialValues: { first_name: '', last_name: '', email: '' } });
  const { submit, failure, busy } = useSubmitChange(form, async (values) =>
    onDone(
      await transferTicket(order.event.id, order.short_id, attendee.short_id, values, i18n.locale),
      personName(values),
    ),
  );
  const name = personName(attendee);
  const until = order.self_service?.transfer_until
    ? formatDateTime(order.self_service.transfer_until, order.event.timezone, i18n.locale)
    : null;

  return (
    <SelfServiceDialog
      title={t`Pass on the ticket of ${name}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={busy}
      action={<Trans>Pass the ticket on</Trans>}
    >
      <Text size="sm">
        <Trans>
          The ticket gets a new QR code and goes to the person below by e-mail. The current code stops working at once,
          also on printed tickets and in e-mails already sent.
        </Trans>
      </Text>
      {until ? (
        <Text size="sm" c="dimmed">
          <Trans>Tickets can be passed on until {until}.</Trans>
        </Text>
      ) : null}
      <PersonFields form={form} prefix="" someoneElse />
    </SelfServiceDialog>
  );
}

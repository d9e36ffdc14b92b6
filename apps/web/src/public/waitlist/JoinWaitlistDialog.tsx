import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';

import { isLocale, type PublicTicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, NativeSelect, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';

import { isApiError } from '../../lib/api-error';
import { dateWithLabel } from '../../lib/format';
import { PersonFields } from '../checkout/PersonFields';
import { SelfServiceDialog } from '../self-service/SelfServiceDialog';
import { useSubmitChange } from '../self-service/use-submit-change';
import {
  initialJoinValues,
  isJoinField,
  joinBody,
  type JoinValues,
  quantityChoices,
  validateJoin,
  type WaitlistDate,
} from './join-form';
import { joinWaitlist } from './waitlist-api';

export interface JoinWaitlistDialogProps {
  eventId: number;
  ticket: PublicTicketDto;
  /** The date waited for, named in the dialog when the event has several (null: its only date). */
  date: WaitlistDate | null;
  onClose: () => void;
  /** The event again (the ticket may be on sale now). */
  onReload: () => void;
}

/**
 * Joining a sold-out ticket's waitlist: name, e-mail, how many (and which tier). Afterwards the dialog
 * says where the confirmation went; the mail has the link to the place in line. Loaded only when opened.
 */
export default function JoinWaitlistDialog({ eventId, ticket, date, onClose, onReload }: JoinWaitlistDialogProps) {
  const { t, i18n } = useLingui();
  const tiered = ticket.type === 'TIERED';
  const [joinedAs, setJoinedAs] = useState<string | null>(null);
  const form = useForm<JoinValues>({
    initialValues: initialJoinValues(ticket),
    validate: (values) =>
      validateJoin(values, tiered, {
        required: t`This field is required.`,
        invalidEmail: t`Enter a valid e-mail address.`,
        chooseTier: t`Choose a price tier.`,
      }),
  });
  const { submit, failure, busy } = useSubmitChange(
    form,
    async (values) => {
      await joinWaitlist(
        eventId,
        joinBody(ticket.id, date?.id ?? null, values, isLocale(i18n.locale) ? i18n.locale : undefined),
        i18n.locale,
      );
      setJoinedAs(values.email.trim());
    },
    isJoinField,
  );
  const closed = isApiError(failure) && failure.code === 'WAITLIST_CLOSED';
  const name = ticket.name;
  const email = joinedAs ?? '';

  return (
    <SelfServiceDialog
      title={t`Join the waitlist for ${name}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={busy}
      action={<Trans>Join the waitlist</Trans>}
      done={
        joinedAs ? (
          <Alert color="grape" icon={<IconMailCheck size={20} aria-hidden />} title={t`You're on the waitlist`}>
            <Trans>
              We've sent a confirmation to {email}. It has a link to see your place in line or leave the waitlist.
            </Trans>
          </Alert>
        ) : null
      }
    >
      {closed && (
        <Button
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            onReload();
            onClose();
          }}
        >
          <Trans>Show the tickets again</Trans>
        </Button>
      )}
      {date?.named && (
        <Text fw={500} data-testid="waitlist-date">
          {dateWithLabel(date, date.timezone, i18n.locale)}
        </Text>
      )}
      <Text size="sm">
        <Trans>When tickets become available, we will e-mail you and hold them for you for a limited time.</Trans>
      </Text>
      <PersonFields form={form} prefix="" />
      {tiered && (
        <NativeSelect
          label={t`Price tier`}
          required
          data={[
            { value: '', label: t`Choose a price tier`, disabled: true },
            ...ticket.tiers.map((tier) => ({ value: String(tier.id), label: tier.label })),
          ]}
          {...form.getInputProps('tier_id')}
        />
      )}
      <NativeSelect
        label={t`How many tickets?`}
        required
        data={quantityChoices(ticket).map(String)}
        maw={160}
        {...form.getInputProps('quantity')}
      />
    </SelfServiceDialog>
  );
}

import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';

import {
  type BuyerCancellation,
  type DateExchanges,
  type EventDto,
  SELF_SERVICE_CUTOFF_HOURS_MAX,
  type TicketTransfers,
  type UpdateEventSettingsBody,
  updateEventSettingsBody,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput, Radio, Stack, Switch, Text } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useUpdateEventSettings } from '../../events/api/events';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

interface SelfServiceValues {
  attendee_edits_enabled: boolean;
  attendee_edit_cutoff_hours: number | string;
  ticket_transfers: TicketTransfers;
  ticket_transfer_cutoff_hours: number | string;
  date_exchanges: DateExchanges;
  date_exchange_cutoff_hours: number | string;
  buyer_cancellation: BuyerCancellation;
  buyer_cancellation_cutoff_hours: number | string;
}

/**
 * A cut-off in hours for the body. An emptied field is sent as null so it reads "required"; while
 * its feature is off (the field disabled) an empty one is left out and the saved value kept.
 */
const cutoff = (v: number | string, on: boolean) =>
  typeof v === 'number' ? v : on ? (null as unknown as number) : undefined;

const toBody = (v: SelfServiceValues): UpdateEventSettingsBody => ({
  attendee_edits_enabled: v.attendee_edits_enabled,
  attendee_edit_cutoff_hours: cutoff(v.attendee_edit_cutoff_hours, v.attendee_edits_enabled),
  ticket_transfers: v.ticket_transfers,
  ticket_transfer_cutoff_hours: cutoff(v.ticket_transfer_cutoff_hours, v.ticket_transfers !== 'OFF'),
  date_exchanges: v.date_exchanges,
  date_exchange_cutoff_hours: cutoff(v.date_exchange_cutoff_hours, v.date_exchanges !== 'OFF'),
  buyer_cancellation: v.buyer_cancellation,
  buyer_cancellation_cutoff_hours: cutoff(v.buyer_cancellation_cutoff_hours, v.buyer_cancellation !== 'NOT_ALLOWED'),
});

/**
 * What buyers may do themselves from their order page, and until when: correct attendee details, pass tickets on,
 * move the order to another date, cancel.
 */
export function SelfServiceSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventSettingsBody,
    useUpdateEventSettings(event.id),
    {
      attendee_edits_enabled: s.attendee_edits_enabled,
      attendee_edit_cutoff_hours: s.attendee_edit_cutoff_hours,
      ticket_transfers: s.ticket_transfers,
      ticket_transfer_cutoff_hours: s.ticket_transfer_cutoff_hours,
      date_exchanges: s.date_exchanges,
      date_exchange_cutoff_hours: s.date_exchange_cutoff_hours,
      buyer_cancellation: s.buyer_cancellation,
      buyer_cancellation_cutoff_hours: s.buyer_cancellation_cutoff_hours,
    },
    toBody,
    t`Self-service settings saved.`,
  );
  // A cut-off is a whole number of hours before the event's start; 0 lets buyers act until it starts.
  const hoursInput = {
    min: 0,
    max: SELF_SERVICE_CUTOFF_HOURS_MAX,
    allowDecimal: false,
    allowNegative: false,
    description: t`0: until the event starts`,
    required: true,
    maw: 320,
  };
  const v = form.values;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <FormErrorAlert error={error} />
        <Stack gap="sm">
          <Switch
            label={t`Buyers may correct attendee details`}
            {...form.getInputProps('attendee_edits_enabled', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            <Trans>
              Names, e-mail addresses, and the answers to questions you let buyers change. A new e-mail address receives
              the ticket. Every change is recorded in the order's history.
            </Trans>
          </Text>
          <NumberInput
            label={t`Until how many hours before the start`}
            {...hoursInput}
            disabled={!v.attendee_edits_enabled}
            {...form.getInputProps('attendee_edit_cutoff_hours')}
          />
        </Stack>
        <Stack gap="sm">
          <Radio.Group label={t`Ticket transfers`} {...form.getInputProps('ticket_transfers')}>
            <Stack gap="xs" mt={6}>
              <Radio value="OFF" label={t`Off`} />
              <Radio value="ALLOWED" label={t`Buyers may pass tickets on to someone else`} />
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            <Trans>
              A ticket passed on gets a new QR code, and the old one no longer admits. The new holder receives the
              ticket by e-mail.
            </Trans>
          </Text>
          <NumberInput
            label={t`Transfers until how many hours before the start`}
            {...hoursInput}
            disabled={v.ticket_transfers === 'OFF'}
            {...form.getInputProps('ticket_transfer_cutoff_hours')}
          />
        </Stack>
        <Stack gap="sm">
          <Radio.Group label={t`Date changes`} {...form.getInputProps('date_exchanges')}>
            <Stack gap="xs" mt={6}>
              <Radio value="OFF" label={t`Off`} />
              <Radio value="SAME_PRICE" label={t`Buyers may move their order to another date at the same price`} />
              <Radio
                value="PAY_DIFFERENCE"
                label={t`Buyers may move their order to any date, paying or getting back the difference`}
                description={t`A dearer date is paid by the buyer by card before the move; a cheaper one refunds the difference to the card (an order paid offline: you return it). An order still awaiting its offline payment owes the new total.`}
              />
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            <Trans>
              For events with several dates. Buyers choose among the dates on sale (at the same price, or any with the
              difference settled); the tickets keep their codes, and buyers receive the new time by e-mail.
            </Trans>
          </Text>
          <NumberInput
            label={t`Date changes until how many hours before the start`}
            {...hoursInput}
            disabled={v.date_exchanges === 'OFF'}
            {...form.getInputProps('date_exchange_cutoff_hours')}
          />
        </Stack>
        <Stack gap="sm">
          <Radio.Group label={t`Cancellation by buyers`} {...form.getInputProps('buyer_cancellation')}>
            <Stack gap="xs" mt={6}>
              <Radio value="NOT_ALLOWED" label={t`Not allowed`} />
              <Radio value="FREE_ORDERS" label={t`Free orders only`} />
              <Radio value="WITH_REFUND" label={t`Free orders, and paid orders with a refund to the card`} />
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            <Trans>
              Buyers may cancel free orders, and offline orders not paid yet. With refunds, they may also cancel orders
              paid by card: the payment goes back to the card automatically. Orders paid offline are yours to refund, so
              buyers cannot cancel them.
            </Trans>
          </Text>
          <NumberInput
            label={t`Cancellation until how many hours before the start`}
            {...hoursInput}
            disabled={v.buyer_cancellation === 'NOT_ALLOWED'}
            {...form.getInputProps('buyer_cancellation_cutoff_hours')}
          />
        </Stack>
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save self-service settings</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}

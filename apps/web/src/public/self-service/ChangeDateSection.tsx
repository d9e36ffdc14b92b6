import '@mantine/core/styles/Radio.css';

import { type ExchangeDateDto, formatDateTime, type PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { dateWithLabel } from '../../lib/format';
import { exchangeDates, exchangeOrder } from './self-service-api';
import { SelfServiceDialog } from './SelfServiceDialog';
import { useSubmitChange } from './use-submit-change';

/**
 * Moving the order to another date of the event, where the event lets buyers do it (until its cut-off): the
 * dates it may go to, each ticket at the same price; the tickets keep their codes.
 */
export function ChangeDateSection({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const self = order.self_service;
  if (!self?.can_exchange) return null;
  const until = self.exchange_until ? formatDateTime(self.exchange_until, order.event.timezone, i18n.locale) : null;
  return (
    <Stack component="section" aria-labelledby="change-date-heading" gap="xs">
      <Title order={2} size="h4" id="change-date-heading">
        <Trans>Change the date</Trans>
      </Title>
      <Text size="sm">
        {until ? <Trans>You can move this order to another date until {until}.</Trans> : null}{' '}
        <Trans>Your tickets keep their codes.</Trans>
      </Text>
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          <Trans>Change date</Trans>
        </Button>
      </Group>
      {open ? <ChangeDateDialog order={order} onChange={onChange} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

function ChangeDateDialog({
  order,
  onChange,
  onClose,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [dates, setDates] = useState<ExchangeDateDto[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const tz = order.event.timezone;
  useEffect(() => {
    exchangeDates(order.event.id, order.short_id, i18n.locale).then(setDates, setLoadError);
  }, [order.event.id, order.short_id, i18n.locale]);
  const form = useForm<{ event_date_id: string }>({
    initialValues: { event_date_id: '' },
    validate: { event_date_id: (v) => (v ? null : t`Choose a date.`) },
  });
  const { submit, failure, busy } = useSubmitChange(form, async (values) => {
    const moved = await exchangeOrder(
      order.event.id,
      order.short_id,
      { event_date_id: Number(values.event_date_id) },
      i18n.locale,
    );
    onChange(moved);
    const chosen = dates?.find((d) => String(d.id) === values.event_date_id);
    const when = chosen ? dateWithLabel(chosen, tz, i18n.locale) : '';
    setDone(t`Your tickets are now for ${when}. We have e-mailed you the new time.`);
  });
  return (
    <SelfServiceDialog
      title={t`Change the date of order ${order.order_number}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={busy}
      action={<Trans>Move my tickets</Trans>}
      done={done}
    >
      {order.date ? (
        <Text size="sm">
          <Trans>Now: {dateWithLabel(order.date, tz, i18n.locale)}</Trans>
        </Text>
      ) : null}
      {loadError ? <FormErrorAlert error={loadError} /> : null}
      {!dates && !loadError ? <Loader size="sm" aria-label={t`Loading the dates`} /> : null}
      {dates && dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No other date is open for this order now.</Trans>
        </Text>
      ) : null}
      {dates && dates.length > 0 ? (
        <Radio.Group label={t`New date`} required {...form.getInputProps('event_date_id')}>
          <Stack gap="xs" mt={6}>
            {dates.map((d) => (
              <Radio
                key={d.id}
                value={String(d.id)}
                disabled={!d.enough}
                label={dateWithLabel(d, tz, i18n.locale)}
                description={d.enough ? undefined : t`Not enough tickets left on this date`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </SelfServiceDialog>
  );
}

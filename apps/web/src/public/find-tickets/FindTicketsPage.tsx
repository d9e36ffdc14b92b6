import type { OrderLookupScope } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { hasStatus, isApiError } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLayout, CheckoutLoading } from '../checkout/CheckoutLayout';
import { EventHeading } from '../checkout/EventHeading';
import { fetchPublicEvent } from '../event/use-public-event';
import { useLoaded } from '../lib/use-loaded';
import { TicketMissing } from '../tickets/TicketMissing';
import { requestOrderLookup } from './find-tickets-api';

/**
 * `/find-tickets/:eventId`: a buyer who lost their mail types their address and gets a link to their
 * orders (of this event, or of every event of the organizer). The page says the same whether or not
 * the address has orders.
 */
export default function FindTicketsPage({ eventId }: { eventId: number }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Find my tickets`);
  const {
    data: event,
    error,
    loading,
    reload,
  } = useLoaded((signal) => fetchPublicEvent(eventId, null, i18n.locale, signal), `${eventId}|${i18n.locale}`);
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<OrderLookupScope>('EVENT');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (loading && !event) return <CheckoutLoading />;
  if (error || !event) return <TicketMissing notFound={hasStatus(error, 404)} error={error} onRetry={reload} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    setFailure(null);
    if (!email.trim()) {
      setFieldError(t`Enter your e-mail address.`);
      return;
    }
    setSending(true);
    try {
      await requestOrderLookup(eventId, { email: email.trim(), scope }, i18n.locale);
      setSentTo(email.trim());
    } catch (err) {
      const field = isApiError(err) ? err.fieldErrors?.email?.[0] : undefined;
      if (field) setFieldError(field);
      else setFailure(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <CheckoutLayout colors={event.settings.colors}>
      <Title order={1} size="h2">
        <Trans>Find my tickets</Trans>
      </Title>
      <EventHeading event={event} level={2} />
      {sentTo ? (
        <Stack gap="md" role="status">
          <Alert color="grape" icon={<IconMailCheck size={20} aria-hidden />} title={t`Check your inbox`}>
            {scope === 'EVENT' ? (
              <Trans>
                If {sentTo} has orders for this event, we have sent it a link to them. The link works for 24 hours.
              </Trans>
            ) : (
              <Trans>
                If {sentTo} has orders for events by {event.organizer.name}, we have sent it a link to them. The link
                works for 24 hours.
              </Trans>
            )}
          </Alert>
          <Text size="sm" c="dimmed">
            <Trans>
              Nothing arrived after a few minutes? Look in your spam folder, or try another address you may have ordered
              with.
            </Trans>
          </Text>
          <Button variant="light" onClick={() => setSentTo(null)} style={{ alignSelf: 'flex-start' }}>
            <Trans>Try another address</Trans>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <Text>
              <Trans>
                Enter the e-mail address you ordered with. We will send it a link to your orders and tickets.
              </Trans>
            </Text>
            <FormErrorAlert error={failure} />
            <TextInput
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
            />
            <Radio.Group label={t`Which orders?`} value={scope} onChange={(v) => setScope(v as OrderLookupScope)}>
              <Stack gap="xs" mt="xs">
                <Radio value="EVENT" label={t`For this event`} />
                <Radio value="ORGANIZER" label={t`For all events by ${event.organizer.name}`} />
              </Stack>
            </Radio.Group>
            <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
              <Trans>Send me the link</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </CheckoutLayout>
  );
}

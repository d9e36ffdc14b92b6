import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { errorMessage } from '../../lib/validation';
import { Notice } from '../components/Notice';
import { requestFreshOrderLink } from './order-api';

/**
 * An old or cut-short order link (no secret, or not this order's): the order is not shown; the buyer's
 * address may be sent a fresh link instead. What happened is never told (no order, no address, already
 * sent), and the address is never shown: the same words for everyone.
 */
export function FreshOrderLink({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (state !== 'idle') return;
    setState('sending');
    setError(null);
    requestFreshOrderLink(eventId, shortId, i18n.locale)
      .then(() => setState('sent'))
      .catch((e: unknown) => {
        setState('idle');
        // A refusal (too many requests) comes translated from the server.
        setError(errorMessage(e, i18n));
      });
  };

  if (state === 'sent') {
    return (
      <Text role="status" fw={500} data-testid="fresh-link-sent">
        <Trans>
          If this order exists, a fresh link is on its way to the e-mail address it was placed with. It may take a few
          minutes to arrive.
        </Trans>
      </Text>
    );
  }
  return (
    <Stack align="center" gap="xs">
      <Button onClick={send} loading={state === 'sending'}>
        <Trans>E-mail a fresh link to the buyer</Trans>
      </Button>
      {error && <Notice>{error}</Notice>}
    </Stack>
  );
}

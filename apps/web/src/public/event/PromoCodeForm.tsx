import type { PublicEventDto, PublicPromoCheckDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError, hasStatus } from '../../lib/api-error';
import { publicFetch } from '../lib/public-api';

interface PromoCodeFormProps {
  event: PublicEventDto;
  /** A valid code was entered (null: remove the applied one); the page reloads the event with it. */
  onApply: (code: string | null) => void;
}

/** "Have a promo code?": checks a code and applies it, or shows which code is applied. */
export function PromoCodeForm({ event, onApply }: PromoCodeFormProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (event.promo) {
    const applied = event.promo.code;
    return (
      <Group gap="xs" justify="space-between">
        <Text size="sm" role="status">
          <Trans>
            Promo code <strong>{applied}</strong> applied
          </Trans>
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => onApply(null)}>
          <Trans>Remove</Trans>
        </Anchor>
      </Group>
    );
  }

  if (!open) {
    return (
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)} aria-expanded={false}>
        <Trans>Have a promo code?</Trans>
      </Anchor>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t`Enter a promo code`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await publicFetch<PublicPromoCheckDto | { data: PublicPromoCheckDto }>(`/events/${event.id}/promo-codes/${encodeURIComponent(value)}`, { locale: i18n.locale });
      const check = 'data' in res ? res.data : res;
      if (check.valid) onApply(check.promo?.code ?? value);
      else setError(t`That promo code is invalid`);
    } catch (err) {
      // Too many wrong codes (from this address, or for this event): the API's message says to wait.
      setError(hasStatus(err, 429) && err instanceof ApiError && err.message ? err.message : t`That promo code is invalid`);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t`Promo code`}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoFocus
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <Button type="submit" variant="outline" loading={pending} mt={25}>
          <Trans>Apply</Trans>
        </Button>
      </Group>
    </form>
  );
}

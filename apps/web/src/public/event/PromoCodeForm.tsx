import type { PublicEventDto, PublicPromoCheckDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';

import { ApiError, hasStatus } from '../../lib/api-error';
import { publicFetch } from '../lib/public-api';

interface PromoCodeFormProps {
  event: PublicEventDto;
  /** A valid code was entered (null: remove the applied one); the page reloads the event with it. */
  onApply: (code: string | null) => void;
}

/**
 * "Have a promo code?": checks a code and applies it, or shows which code is applied. Applying or
 * removing one keeps the buyer where they are (the page does not move, focus stays on the promo code's
 * controls) and says what happened through a live region that is always there.
 */
export function PromoCodeForm({ event, onApply }: PromoCodeFormProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** What this form just did, so focus can follow it once the page shows the result. */
  const did = useRef<'applied' | 'removed' | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const haveRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const applied = event.promo?.code ?? null;

  useEffect(() => {
    if (did.current === 'applied' && applied) {
      did.current = null;
      removeRef.current?.focus();
    } else if (did.current === 'removed' && !applied) {
      did.current = null;
      (haveRef.current ?? inputRef.current)?.focus();
    }
  }, [applied]);

  const announcement = applied ? t`Promo code ${applied} applied. The prices shown include it.` : '';
  const live = (
    <VisuallyHidden role="status" aria-live="polite" data-testid="promo-status">
      {announcement}
    </VisuallyHidden>
  );

  // The live region stays mounted at the same place whatever is shown, so its change is announced.
  const withLive = (body: ReactNode) => (
    <>
      {live}
      {body}
    </>
  );

  if (applied) {
    return withLive(
      <Group gap="xs" justify="space-between">
        <Text size="sm">
          <Trans>
            Promo code <strong>{applied}</strong> applied
          </Trans>
        </Text>
        <Anchor
          ref={removeRef}
          component="button"
          type="button"
          size="sm"
          aria-label={t`Remove promo code ${applied}`}
          onClick={() => {
            did.current = 'removed';
            // Back to "Have a promo code?", with nothing typed.
            setOpen(false);
            setCode('');
            onApply(null);
          }}
        >
          <Trans>Remove</Trans>
        </Anchor>
      </Group>,
    );
  }

  if (!open) {
    return withLive(
      <Anchor
        ref={haveRef}
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen(true)}
        aria-expanded={false}
      >
        <Trans>Have a promo code?</Trans>
      </Anchor>,
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
      const res = await publicFetch<PublicPromoCheckDto | { data: PublicPromoCheckDto }>(
        `/events/${event.id}/promo-codes/${encodeURIComponent(value)}`,
        { locale: i18n.locale },
      );
      const check = 'data' in res ? res.data : res;
      if (check.valid) {
        did.current = 'applied';
        onApply(check.promo?.code ?? value);
      } else setError(t`That promo code is invalid`);
    } catch (err) {
      // Too many wrong codes (from this address, or for this event): the API's message says to wait.
      setError(
        hasStatus(err, 429) && err instanceof ApiError && err.message ? err.message : t`That promo code is invalid`,
      );
    } finally {
      setPending(false);
    }
  };

  return withLive(
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          ref={inputRef}
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
    </form>,
  );
}

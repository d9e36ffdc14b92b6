import { HOLD_WARNING_SECONDS, type PublicOrderDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';

import { errorMessage } from '../../lib/validation';
import { announcementKey, clockOffset, formatClock, isWarning, secondsLeft } from './hold-countdown';
import classes from './HoldCountdown.module.css';
import { readableAlert } from './notice';
import { extendHold } from './order-api';

interface HoldCountdownProps {
  order: PublicOrderDto;
  onExtended: (order: PublicOrderDto) => void;
  onExpired: () => void;
}

/**
 * How long the tickets stay held, by the server's clock, kept in view at the top while the buyer
 * scrolls (a phone's long form). Screen readers hear it politely once a minute and at the warning (not
 * every second); in the last two minutes the buyer may extend it, up to ten times (WCAG 2.2.1).
 */
export function HoldCountdown({ order, onExtended, onExpired }: HoldCountdownProps) {
  const { t, i18n } = useLingui();
  const offset = useMemo(() => clockOffset(order.server_now), [order.server_now]);
  const until = order.reserved_until;
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [extended, setExtended] = useState(0);
  const countdownRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const seconds = until ? secondsLeft(until, offset, now) : 0;
  const expired = Boolean(until) && seconds <= 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  // The warning (and the button that was pressed) is gone once extended: keep keyboard focus on the
  // countdown that replaced it rather than letting it fall back to the page.
  useEffect(() => {
    if (extended > 0) countdownRef.current?.focus();
  }, [extended]);

  if (!until) return null;
  const key = announcementKey(seconds);
  const minutes = Math.ceil(seconds / 60);
  const warningMinutes = HOLD_WARNING_SECONDS / 60;
  const clock = formatClock(seconds);
  const left = order.extensions_left;

  const extend = () => {
    setExtending(true);
    setError(null);
    extendHold(order.event.id, order.short_id)
      .then((next) => {
        onExtended(next);
        setExtended((n) => n + 1);
      })
      .catch(setError)
      .finally(() => setExtending(false));
  };

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {key === 'warning' ? (
          <Trans>Your reservation expires in less than {warningMinutes} minutes.</Trans>
        ) : key?.startsWith('minutes:') ? (
          <Plural
            value={minutes}
            one="# minute left to complete your order."
            other="# minutes left to complete your order."
          />
        ) : null}
      </VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite">
        {/* The count changes with each extension, so each one is spoken. */}
        {extended > 0 ? (
          <Plural
            value={left}
            one="Your reservation has been extended. You can extend it # more time."
            other="Your reservation has been extended. You can extend it # more times."
          />
        ) : null}
      </VisuallyHidden>
      <Box className={classes.bar} data-testid="hold-countdown-bar">
        {isWarning(seconds) ? (
          // Not role="alert": the clock inside changes every second; the live region above speaks once.
          <Alert
            role="region"
            aria-label={t`Your reservation is about to expire`}
            data-testid="hold-countdown"
            color="orange"
            {...readableAlert}
            icon={<IconClockHour4 size={18} aria-hidden />}
            title={t`Your reservation is about to expire`}
          >
            <Text size="sm" mb={order.can_extend ? 'sm' : 0}>
              <Trans>
                Time left: <strong>{clock}</strong>. After that the tickets are released and you need to start a new
                order.
              </Trans>
            </Text>
            {order.can_extend && (
              <Group gap="sm">
                <Button size="sm" onClick={extend} loading={extending}>
                  <Trans>Extend my reservation</Trans>
                </Button>
                <Text size="xs" c="dimmed">
                  <Plural value={left} one="# extension left" other="# extensions left" />
                </Text>
              </Group>
            )}
            {error ? (
              <Text size="sm" c="red.9" mt="xs" role="alert">
                {errorMessage(error, i18n)}
              </Text>
            ) : null}
          </Alert>
        ) : (
          <Group gap="xs" wrap="nowrap" data-testid="hold-countdown" ref={countdownRef} tabIndex={-1}>
            <IconClockHour4 size={18} aria-hidden />
            <Text size="sm">
              <Trans>
                Your tickets are held for <strong>{clock}</strong>
              </Trans>
            </Text>
          </Group>
        )}
      </Box>
    </>
  );
}

import type { PublicTicketDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { type ComponentType, useRef, useState } from 'react';

import { rescueLostFocus } from '../../lib/focus-rescue';
import { loadDeepMessages } from '../shell/public-i18n';
import type { WaitlistDate } from '../waitlist/join-form';
import type { JoinWaitlistDialogProps } from '../waitlist/JoinWaitlistDialog';

interface WaitlistButtonProps {
  eventId: number;
  /** The event page (`/event/{id}/{slug}`), for `newTab`. */
  eventUrl: string;
  ticket: PublicTicketDto;
  /** The date the tickets are listed for (null: none chosen, the event's only date). */
  date: WaitlistDate | null;
  onReload: () => void;
  /** The widget: join on the event page in a new tab (a dialog would not fit the frame). */
  newTab?: boolean;
}

/**
 * "Join the waitlist" for a sold-out ticket. The dialog's code and words are downloaded on the first
 * click, so the event page's first load carries only this button.
 */
export function WaitlistButton({ eventId, eventUrl, ticket, date, onReload, newTab }: WaitlistButtonProps) {
  const [Dialog, setDialog] = useState<ComponentType<JoinWaitlistDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const common = { variant: 'light', size: 'sm', 'aria-describedby': `ticket-${ticket.id}-name` } as const;

  if (newTab) {
    return (
      <Button
        component="a"
        href={`${eventUrl}${date?.named ? `?date=${date.id}` : ''}#tickets`}
        target="_blank"
        rel="noopener"
        {...common}
      >
        <Trans>Join the waitlist</Trans>
      </Button>
    );
  }

  const show = async () => {
    setFailed(false);
    if (!Dialog) {
      setLoading(true);
      try {
        const [module] = await Promise.all([import('../waitlist/JoinWaitlistDialog'), loadDeepMessages()]);
        setDialog(() => module.default);
      } catch {
        setFailed(true);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  };
  const close = () => {
    // The dialog leaves the page: focus goes back to this button.
    rescueLostFocus({ preferred: ref.current, waitMs: 5_000 });
    setOpen(false);
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button ref={ref} loading={loading} onClick={() => void show()} {...common}>
        <Trans>Join the waitlist</Trans>
      </Button>
      {failed && (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          <Trans>Could not reach the server. Check your connection and try again.</Trans>
        </Text>
      )}
      {open && Dialog && <Dialog eventId={eventId} ticket={ticket} date={date} onClose={close} onReload={onReload} />}
    </Stack>
  );
}

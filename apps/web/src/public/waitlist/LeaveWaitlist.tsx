import type { PublicWaitlistEntryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useRef, useState } from 'react';

import { isApiError } from '../../lib/api-error';
import { rescueLostFocus } from '../../lib/focus-rescue';
import { IrreversibleConfirm } from '../components/IrreversibleConfirm';
import { leaveWaitlist } from './waitlist-api';

interface LeaveWaitlistProps {
  entry: PublicWaitlistEntryDto;
  token: string;
  /** The entry after leaving (LEFT). */
  onLeft: (entry: PublicWaitlistEntryDto) => void;
  /** The entry changed meanwhile (an offer came, or was bought): the page loads it again and says so. */
  onChanged: (error: unknown) => void;
}

/** "Leave the waitlist", asked once more first; with an open offer, its tickets go to the next person. */
export function LeaveWaitlist({ entry, token, onLeft, onChanged }: LeaveWaitlistProps) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  if (entry.state !== 'WAITING' && entry.state !== 'OFFERED') return null;
  const offered = entry.state === 'OFFERED';

  const close = () => {
    // The dialog leaves the page: focus goes back to the button.
    rescueLostFocus({ preferred: ref.current, waitMs: 5_000 });
    setAsking(false);
  };
  const confirm = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const next = await leaveWaitlist(entry.event_id, token, i18n.locale);
      setAsking(false);
      onLeft(next);
    } catch (err) {
      if (isApiError(err) && err.code === 'WAITLIST_ENTRY_CHANGED') {
        close();
        onChanged(err);
      } else setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group justify="center">
      <Button
        ref={ref}
        variant="subtle"
        color="red.9"
        c="red.9"
        onClick={() => {
          setFailure(null);
          setAsking(true);
        }}
      >
        <Trans>Leave the waitlist</Trans>
      </Button>
      {asking && (
        <IrreversibleConfirm
          title={t`Leave the waitlist?`}
          keepLabel={<Trans>Stay on the waitlist</Trans>}
          confirmLabel={<Trans>Yes, leave the waitlist</Trans>}
          failure={failure}
          busy={busy}
          onClose={close}
          onConfirm={() => void confirm()}
        >
          {offered ? (
            <Trans>The tickets held for you go to the next person in line.</Trans>
          ) : (
            <Trans>You give up your place in line. If you join again later, you start at the end of the line.</Trans>
          )}
        </IrreversibleConfirm>
      )}
    </Group>
  );
}

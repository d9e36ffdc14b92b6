import type { WaitlistEntryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';

import { entryName } from '../entry-name';

interface WaitlistRowActionsProps {
  entry: WaitlistEntryDto;
  onOffer: (entry: WaitlistEntryDto) => void;
  onRemove: (entry: WaitlistEntryDto) => void;
}

/** What can be done with an entry: send an offer (waiting), remove it (waiting, or with an open offer). */
export function WaitlistRowActions({ entry, onOffer, onRemove }: WaitlistRowActionsProps) {
  const { t } = useLingui();
  const name = entryName(entry);
  const removable = entry.state === 'WAITING' || entry.state === 'OFFERED';
  return (
    <>
      {entry.state === 'WAITING' ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden />}
          aria-label={t`Send offer to ${name}`}
          onClick={() => onOffer(entry)}
        >
          <Trans>Send offer</Trans>
        </Button>
      ) : null}
      {removable ? (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t`Remove ${name} from the waitlist`}
          onClick={() => onRemove(entry)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </>
  );
}

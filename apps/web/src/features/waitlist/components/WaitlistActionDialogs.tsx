import type { WaitlistEntryDto, WaitlistOfferMode } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLastValue } from '../../../lib/use-last-value';
import { useOfferWaitlistEntry, useRemoveWaitlistEntry } from '../api/waitlist';
import { entryName } from '../entry-name';

/** The action waiting for confirmation, and on which entry. */
export interface WaitlistAction {
  kind: 'offer' | 'remove';
  entry: WaitlistEntryDto;
}

interface WaitlistActionDialogsProps {
  eventId: number;
  offerMode: WaitlistOfferMode;
  offerHours: number;
  /** null: no dialog open. */
  action: WaitlistAction | null;
  onClose: () => void;
}

/**
 * The confirmations of the waitlist's row actions. Confirming runs the action: done, the dialog closes
 * and says so; refused (no free tickets, the entry changed meanwhile), the server's reason shows in the
 * dialog, and the list is read again either way.
 */
export function WaitlistActionDialogs({ eventId, offerMode, offerHours, action, onClose }: WaitlistActionDialogsProps) {
  const { t } = useLingui();
  const offer = useOfferWaitlistEntry(eventId);
  const remove = useRemoveWaitlistEntry(eventId);
  // While a dialog fades out it keeps showing what it was about.
  const shown = useLastValue(action);
  const close = () => {
    onClose();
    offer.reset();
    remove.reset();
  };

  const entry = shown?.entry;
  const name = entry ? entryName(entry) : '';
  const ticketName = entry ? (entry.tier_label ? `${entry.ticket_name} (${entry.tier_label})` : entry.ticket_name) : '';
  const tickets = plural(entry?.quantity ?? 0, { one: '# ticket', other: '# tickets' });
  const hours = plural(offerHours, { one: '# hour', other: '# hours' });

  const confirmOffer = () => {
    if (!action) return;
    const { entry: target } = action;
    const who = entryName(target);
    offer.mutate(target.id, {
      onSuccess: () => {
        onClose();
        notifications.show({ color: 'teal', message: t`Offer sent to ${who}.` });
      },
    });
  };
  const confirmRemove = () => {
    if (!action) return;
    const { entry: target } = action;
    const who = entryName(target);
    remove.mutate(target.id, {
      onSuccess: () => {
        onClose();
        notifications.show({ color: 'teal', message: t`${who} removed from the waitlist.` });
      },
    });
  };

  let removeMessage: string;
  if (entry?.state !== 'OFFERED') removeMessage = t`Remove ${name} from the waitlist? They lose their place in line.`;
  else if (offerMode === 'AUTOMATIC') {
    removeMessage = t`Remove ${name} from the waitlist? Their offer is withdrawn: the checkout link stops working, and the tickets held for them go to the next person in line.`;
  } else {
    removeMessage = t`Remove ${name} from the waitlist? Their offer is withdrawn: the checkout link stops working, and the tickets held for them are released.`;
  }

  return (
    <>
      <ConfirmDialog
        opened={action?.kind === 'offer'}
        title={<Trans>Send offer</Trans>}
        message={t`${tickets} for ${ticketName} will be held for ${name} for ${hours}. They receive an e-mail with a link to check out.`}
        confirmLabel={<Trans>Send offer</Trans>}
        loading={offer.isPending}
        error={offer.error}
        onConfirm={confirmOffer}
        onClose={close}
      />
      <ConfirmDialog
        opened={action?.kind === 'remove'}
        title={<Trans>Remove from the waitlist</Trans>}
        message={removeMessage}
        confirmLabel={<Trans>Remove</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmRemove}
        onClose={close}
      />
    </>
  );
}

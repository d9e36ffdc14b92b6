import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { actionErrorMessage } from './action-error';

/** An action on the item shown (cancel, resend…): TanStack Query's useMutation result fits. */
interface ItemAction {
  mutate: (variables: undefined, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * The dialogs of an item's action buttons (which one is open) and what running an action does: it
 * closes the dialog and says `done`, or why it failed (the server's reason, else `fallback`).
 */
export function useActionDialogs<D extends string>() {
  const { i18n } = useLingui();
  const [dialog, setDialog] = useState<D | null>(null);
  const close = () => setDialog(null);
  const run = (action: ItemAction, done: string, fallback: string) =>
    action.mutate(undefined, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', message: done });
      },
      onError: (e) => {
        close();
        notifications.show({ color: 'red', message: actionErrorMessage(e, i18n, fallback) });
      },
    });
  return {
    open: (which: D) => setDialog(which),
    /** For AppModal or ConfirmDialog: `{...dialogs.props('cancel')}`. */
    props: (which: D) => ({ opened: dialog === which, onClose: close }),
    close,
    run,
  };
}

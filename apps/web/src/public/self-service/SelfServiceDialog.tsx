import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';

/**
 * The frame of a buyer's change on their order: a dialog with a form, an error above it, Cancel and the
 * action. `done`: the change is made; the form gives way to what happened (announced) and Close.
 */
export function SelfServiceDialog({
  title,
  onClose,
  onSubmit,
  failure,
  busy,
  action,
  done,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  failure: unknown;
  busy: boolean;
  action: ReactNode;
  done?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const closeRef = useRef<HTMLButtonElement>(null);
  const finished = Boolean(done);
  // The form's buttons are gone: keyboard focus goes to Close rather than to the page behind. Close is also the
  // dialog's focus trap's choice (data-autofocus): the trap focuses a moment after the dialog opens, and a quick
  // change (done before that moment) would otherwise lose Close's focus to the trap's first button (the ×).
  useEffect(() => {
    if (finished) closeRef.current?.focus();
  }, [finished]);
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t`Close` }}>
      {/* In the dialog from the start: a live region must exist before its text changes. */}
      <div aria-live="polite">{done}</div>
      {finished ? (
        <Group justify="flex-end" mt="md">
          <Button ref={closeRef} onClick={onClose} data-autofocus>
            <Trans>Close</Trans>
          </Button>
        </Group>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormErrorAlert error={failure} />
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={busy}>
                {action}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

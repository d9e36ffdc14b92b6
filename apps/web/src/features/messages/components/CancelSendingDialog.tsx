import type { MessageSummaryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useLastValue } from '../../../lib/use-last-value';
import { useCancelMessage } from '../api/messages';

interface CancelSendingDialogProps {
  eventId: number;
  /** The scheduled message to cancel; null: closed. */
  message: Pick<MessageSummaryDto, 'id' | 'subject'> | null;
  onClose: () => void;
}

/**
 * Asks before a scheduled message is cancelled (it stays in the history as cancelled). Its buttons say what
 * each does, so "cancel" is never ambiguous: keep it scheduled, or cancel sending.
 */
export function CancelSendingDialog({ eventId, message, onClose }: CancelSendingDialogProps) {
  const { t } = useLingui();
  const cancel = useCancelMessage(eventId);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const shown = useLastValue(message);
  const subject = shown?.subject ?? '';
  return (
    <AppModal opened={message !== null} onClose={close} title={<Trans>Cancel sending</Trans>}>
      <Stack gap="md">
        <FormErrorAlert error={cancel.error} />
        <Text>
          <Trans>“{subject}” will not be sent. It stays in the history as cancelled.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            <Trans>Keep it scheduled</Trans>
          </Button>
          <Button
            color="red.9"
            loading={cancel.isPending}
            onClick={() => {
              if (!message) return;
              cancel.mutate(message.id, {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t`“${subject}” will not be sent.` });
                  close();
                },
              });
            }}
          >
            <Trans>Cancel sending</Trans>
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

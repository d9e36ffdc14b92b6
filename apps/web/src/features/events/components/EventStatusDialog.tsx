import type { EventDto, EventStatus } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailExclamation } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/validation';
import { ResendConfirmationButton } from '../../profile/components/ResendConfirmationButton';
import { useMe } from '../../users/api/me';
import { useChangeEventStatus } from '../api/events';
import { NoPaymentMethodAlert } from './NoPaymentMethodAlert';

interface EventStatusDialogProps {
  event: EventDto;
  /** The status to switch to; null keeps the dialog closed. */
  target: EventStatus | null;
  onClose: () => void;
}

/**
 * Asks before going live, back to draft or archiving (SPEC §4), and explains a refused go-live (address not confirmed,
 * no way to pay).
 */
export function EventStatusDialog({ event, target, onClose }: EventStatusDialogProps) {
  const { t, i18n } = useLingui();
  const change = useChangeEventStatus(event.id);
  const me = useMe();
  const title = event.title;
  const close = () => {
    change.reset();
    onClose();
  };

  const texts: Record<EventStatus, { heading: string; message: string; confirm: string; done: string }> = {
    LIVE: {
      heading: t`Go live`,
      message: t`“${title}” becomes visible to the public.`,
      confirm: t`Go live`,
      done: t`“${title}” is live.`,
    },
    DRAFT: {
      heading: t`Back to draft`,
      message: t`“${title}” is hidden from the public until you put it live again.`,
      confirm: t`Back to draft`,
      done: t`“${title}” is a draft again.`,
    },
    ARCHIVED: {
      heading: t`Archive event`,
      message: t`“${title}” is hidden from the public and from the event list. The “Archived” filter still shows it.`,
      confirm: t`Archive`,
      done: t`“${title}” has been archived.`,
    },
  };
  const text = target ? texts[target] : null;
  const unverified = isApiError(change.error) && change.error.code === 'EMAIL_NOT_VERIFIED';
  const cannotPay = isApiError(change.error) && change.error.code === 'NO_PAYMENT_METHOD';
  const user = me.data?.user;

  return (
    <AppModal opened={Boolean(target)} onClose={close} title={text?.heading}>
      {text && target ? (
        <Stack gap="md">
          {unverified ? (
            <Alert color="orange" variant="light" icon={<IconMailExclamation size={18} aria-hidden />} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(change.error, i18n)}</Text>
                {user && !user.email_verified ? (
                  <ResendConfirmationButton user={user} size="xs" variant="default" />
                ) : null}
              </Stack>
            </Alert>
          ) : cannotPay ? (
            <NoPaymentMethodAlert eventId={event.id} message={errorMessage(change.error, i18n)} />
          ) : (
            <FormErrorAlert error={change.error} />
          )}
          <Text>{text.message}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              loading={change.isPending}
              disabled={unverified || cannotPay}
              onClick={() =>
                change.mutate(target, {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: text.done });
                    close();
                  },
                })
              }
            >
              {text.confirm}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}

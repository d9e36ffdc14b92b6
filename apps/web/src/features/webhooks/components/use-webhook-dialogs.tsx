import type { WebhookDto, WebhookWithSecretDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { actionErrorMessage } from '../../../lib/action-error';
import { useLastValue } from '../../../lib/use-last-value';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, webhookBodyOf } from '../api/webhooks';
import { WebhookForm } from './WebhookForm';
import { WebhookSecret } from './WebhookSecret';

/** What a person calls a webhook: its description, else its URL. */
export const webhookName = (w: Pick<WebhookDto, 'description' | 'url'>) => w.description || w.url;

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete' | 'rotate'; webhook: WebhookDto };

/**
 * The dialogs of the Webhooks screens, for the list and a webhook's page alike: add and edit, delete
 * and rotate (after asking), the secret shown once after adding or rotating; turning on and off.
 */
export function useWebhookDialogs({ onDeleted }: { onDeleted?: (webhook: WebhookDto) => void } = {}) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [secret, setSecret] = useState<{ webhook: WebhookWithSecretDto; rotated: boolean } | null>(null);
  const shown = useLastValue(dialog);
  const shownSecret = useLastValue(secret);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const subject = shown && shown.kind !== 'new' ? shown.webhook : null;
  const subjectName = subject ? webhookName(subject) : '';
  const close = () => {
    setDialog(null);
    remove.reset();
    rotate.reset();
  };
  const isOpen = (kind: Dialog['kind']) => dialog?.kind === kind;

  const confirmDelete = () => {
    if (dialog?.kind !== 'delete') return;
    const webhook = dialog.webhook;
    const name = webhookName(webhook);
    remove.mutate(webhook.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t`The webhook “${name}” has been deleted.` });
        close();
        onDeleted?.(webhook);
      },
    });
  };
  const confirmRotate = () => {
    if (dialog?.kind !== 'rotate') return;
    rotate.mutate(dialog.webhook.id, {
      onSuccess: (webhook) => {
        close();
        setSecret({ webhook, rotated: true });
      },
    });
  };
  const setEnabled = (webhook: WebhookDto, enabled: boolean) => {
    const name = webhookName(webhook);
    update.mutate(
      { id: webhook.id, body: webhookBodyOf(webhook, { enabled }) },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: enabled
              ? t`The webhook “${name}” is on: new events are sent to it.`
              : t`The webhook “${name}” is off: no events are sent to it.`,
          }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: actionErrorMessage(e, i18n, t`We could not change the webhook. Please try again.`),
          }),
      },
    );
  };

  const element = (
    <>
      <AppModal
        opened={isOpen('new') || isOpen('edit')}
        onClose={close}
        title={shown?.kind === 'edit' ? <Trans>Edit webhook</Trans> : <Trans>Add webhook</Trans>}
        size="lg"
      >
        <WebhookForm
          key={subject?.id ?? 'new'}
          webhook={shown?.kind === 'edit' ? shown.webhook : undefined}
          onCancel={close}
          onCreated={(webhook) => {
            close();
            setSecret({ webhook, rotated: false });
          }}
          onSaved={() => {
            notifications.show({ color: 'teal', message: t`The webhook has been saved.` });
            close();
          }}
        />
      </AppModal>
      <AppModal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={<Trans>Your webhook's signing secret</Trans>}
        size="lg"
      >
        {shownSecret ? (
          <WebhookSecret webhook={shownSecret.webhook} rotated={shownSecret.rotated} onDone={() => setSecret(null)} />
        ) : null}
      </AppModal>
      <ConfirmDialog
        opened={isOpen('delete')}
        title={<Trans>Delete webhook?</Trans>}
        message={
          <Trans>
            Nothing more is sent to “{subjectName}”, and its delivery log is deleted. This cannot be undone.
          </Trans>
        }
        confirmLabel={<Trans>Delete webhook</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onClose={close}
      />
      <ConfirmDialog
        opened={isOpen('rotate')}
        title={<Trans>Rotate signing secret?</Trans>}
        message={
          <Trans>
            A new secret is made for “{subjectName}” and shown once. The current one stops signing at once: deliveries
            fail your server's signature check until it uses the new one.
          </Trans>
        }
        confirmLabel={<Trans>Rotate secret</Trans>}
        danger
        loading={rotate.isPending}
        error={rotate.error}
        onConfirm={confirmRotate}
        onClose={close}
      />
    </>
  );

  return {
    create: () => setDialog({ kind: 'new' }),
    edit: (webhook: WebhookDto) => setDialog({ kind: 'edit', webhook }),
    askDelete: (webhook: WebhookDto) => setDialog({ kind: 'delete', webhook }),
    askRotate: (webhook: WebhookDto) => setDialog({ kind: 'rotate', webhook }),
    setEnabled,
    /** The webhook being turned on or off. */
    switching: update.isPending ? (update.variables?.id ?? null) : null,
    /** The dialogs, to render once on the screen. */
    element,
  };
}

export type WebhookDialogs = ReturnType<typeof useWebhookDialogs>;

import type { CheckInListDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconLink,
  IconLinkOff,
  IconQrcode,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QrCodeImage } from '../../../components/QrCodeImage';
import { errorMessage } from '../../../lib/validation';
import { useMakeStaffLink, useRevokeStaffLink, useStaffLink } from '../api/check-in-lists';
import { staffLinkUrl } from '../staff-link';

interface StaffLinkPanelProps {
  eventId: number;
  list: CheckInListDto;
}

/**
 * A list's staff link: make one, or show it (its secret read on its own route) to copy or open, replace it with a new
 * one, or revoke it.
 */
export function StaffLinkPanel({ eventId, list }: StaffLinkPanelProps) {
  const { t, i18n } = useLingui();
  const make = useMakeStaffLink(eventId);
  const secret = useStaffLink(eventId, list.id, list.has_staff_link);
  const revoke = useRevokeStaffLink(eventId);
  const [asking, setAsking] = useState<'renew' | 'revoke' | null>(null);
  const close = () => {
    setAsking(null);
    make.reset();
    revoke.reset();
  };
  const done = (message: string) => () => {
    setAsking(null);
    notifications.show({ color: 'teal', message });
  };
  const create = () =>
    make.mutate(list.id, {
      onSuccess: done(t`Staff link made.`),
      onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }),
    });

  const dialogs = (
    <>
      <ConfirmDialog
        opened={asking === 'renew'}
        title={<Trans>Make a new staff link</Trans>}
        message={<Trans>The current link stops working at once. Volunteers need the new one.</Trans>}
        confirmLabel={<Trans>Make a new link</Trans>}
        loading={make.isPending}
        error={make.error}
        onConfirm={() => make.mutate(list.id, { onSuccess: done(t`New staff link made.`) })}
        onClose={close}
      />
      <ConfirmDialog
        opened={asking === 'revoke'}
        title={<Trans>Revoke staff link</Trans>}
        message={
          <Trans>Volunteers using this link can no longer check anyone in, and their queued scans are refused.</Trans>
        }
        confirmLabel={<Trans>Revoke link</Trans>}
        danger
        loading={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate(list.id, { onSuccess: done(t`Staff link revoked.`) })}
        onClose={close}
      />
    </>
  );

  return (
    // The dialogs stay mounted in both states: revoking removes the link, and its dialog still fades out.
    <>
      {list.has_staff_link ? (
        secret.data ? (
          <StaffLinkField
            url={staffLinkUrl(secret.data)}
            onRenew={() => setAsking('renew')}
            onRevoke={() => setAsking('revoke')}
          />
        ) : secret.isError ? (
          <Text size="sm" c="red.8">
            {errorMessage(secret.error, i18n)}
          </Text>
        ) : (
          <Loader size="sm" aria-label={t`Loading the staff link`} />
        )
      ) : (
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={0} style={{ flex: 1, minWidth: 200 }}>
            <Text size="sm" fw={600}>
              <Trans>Staff link</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>
                No staff link yet. With one, volunteers check people in on this list from their phone, without an
                account.
              </Trans>
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            loading={make.isPending}
            onClick={create}
          >
            <Trans>Create staff link</Trans>
          </Button>
        </Group>
      )}
      {dialogs}
    </>
  );
}

interface StaffLinkFieldProps {
  url: string;
  onRenew: () => void;
  onRevoke: () => void;
}

/** The link itself, read-only, with copy, open, its QR code (for a volunteer's phone camera), new link and revoke. */
function StaffLinkField({ url, onRenew, onRevoke }: StaffLinkFieldProps) {
  const { t } = useLingui();
  const [showQr, setShowQr] = useState(false);
  return (
    <Stack gap="xs">
      <TextInput
        label={t`Staff link`}
        description={t`Anyone with this link can check people in on this list. Share it only with your volunteers.`}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group gap="xs">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? <Trans>Copied</Trans> : <Trans>Copy link</Trans>}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noreferrer"
          size="xs"
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          aria-label={t`Open (opens in a new tab)`}
        >
          <Trans>Open</Trans>
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconQrcode size={16} aria-hidden />}
          onClick={() => setShowQr(true)}
        >
          <Trans>QR code</Trans>
        </Button>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRenew}>
          <Trans>New link</Trans>
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          leftSection={<IconLinkOff size={16} aria-hidden />}
          onClick={onRevoke}
        >
          <Trans>Revoke</Trans>
        </Button>
      </Group>
      <Modal opened={showQr} onClose={() => setShowQr(false)} title={t`Staff link as a QR code`} centered>
        <Stack gap="sm" align="center">
          <QrCodeImage value={url} alt={t`QR code of the staff link`} fileName="staff-link-qr.png" />
          <Text size="sm" c="dimmed" ta="center">
            <Trans>
              A volunteer scans it with their phone's camera to open the check-in. Anyone who can see it can check
              people in.
            </Trans>
          </Text>
        </Stack>
      </Modal>
    </Stack>
  );
}

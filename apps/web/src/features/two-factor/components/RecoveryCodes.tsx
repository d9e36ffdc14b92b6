import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Checkbox, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { ShownOnceWarning } from '../../../components/ShownOnceSecret';
import { saveFile } from '../../exports/api/download-export';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
  /** The closing button's words ("Done" unless given). */
  doneLabel?: ReactNode;
  doneLoading?: boolean;
  /** What the codes stand in for (the authenticator app unless given: a passkey's set-up says so). */
  reason?: ReactNode;
}

/** Fresh recovery codes, shown this once: to copy or download, and a box to tick before going on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = <Trans>Done</Trans>,
  doneLoading,
  reason,
}: RecoveryCodesProps) {
  const { t } = useLingui();
  const [saved, setSaved] = useState(false);
  // They replace the form that made them (its button had focus): focus goes to them, read out first.
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => listRef.current?.focus(), []);
  const list = codes.join('\n');
  const download = () => {
    const file = [t`AdmitOne recovery codes`, t`Each code signs you in once.`, '', list, ''].join('\n');
    saveFile(new Blob([file], { type: 'text/plain;charset=utf-8' }), 'admitone-recovery-codes.txt');
  };

  return (
    <Stack gap="md">
      <ShownOnceWarning title={t`Save your recovery codes now`}>
        {reason ?? (
          <Trans>
            If you lose your phone, each code signs you in once instead of a code from the app. They are shown only this
            once: keep them somewhere safe, such as a password manager.
          </Trans>
        )}
      </ShownOnceWarning>
      <Box
        component="ol"
        ref={listRef}
        tabIndex={-1}
        aria-label={t`Recovery codes`}
        data-testid="recovery-codes"
        p={0}
        m={0}
        style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 8 }}
      >
        {codes.map((code) => (
          <Text key={code} component="li" ff="monospace" fz="md" ta="center">
            {code}
          </Text>
        ))}
      </Box>
      <Group gap="sm">
        <CopyButton value={list}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? <Trans>Copied</Trans> : <Trans>Copy codes</Trans>}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          <Trans>Download (.txt)</Trans>
        </Button>
      </Group>
      <Checkbox
        label={t`I have saved these recovery codes`}
        checked={saved}
        onChange={(e) => setSaved(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button disabled={!saved} loading={doneLoading} onClick={onDone}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}

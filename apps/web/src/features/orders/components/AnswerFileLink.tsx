import type { FileAnswer } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { FileAnswerSummary } from '../../../components/FileAnswerSummary';
import { errorMessage } from '../../../lib/error-text';
import { downloadAnswerFile } from '../api/answer-files';

/** A FILE answer in the organizer's drawers: its name (a button that downloads it) and its size. */
export function AnswerFileLink({ file, eventId, orderId }: { file: FileAnswer; eventId: number; orderId: number }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const name = file.name;
  const download = () => {
    setBusy(true);
    downloadAnswerFile(eventId, orderId, file, i18n.locale)
      .catch((e: unknown) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }))
      .finally(() => setBusy(false));
  };
  return (
    <FileAnswerSummary
      file={file}
      name={
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          onClick={download}
          disabled={busy}
          aria-label={t`Download ${name}`}
          style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
        >
          {name}
        </Anchor>
      }
    />
  );
}

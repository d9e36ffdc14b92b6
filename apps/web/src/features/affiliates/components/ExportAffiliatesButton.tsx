import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

import { fetchAffiliatesCsv } from '../api/affiliates';

/** Saves text as a file through a temporary link. */
function saveFile(text: string, filename: string) {
  // The BOM tells spreadsheet programs the file is UTF-8.
  const url = URL.createObjectURL(
    new Blob(['\uFEFF', text.replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Export CSV": every affiliate with its orders, tickets, revenue and link, headings in the user's language. */
export function ExportAffiliatesButton({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const csv = await fetchAffiliatesCsv(event.id);
      saveFile(csv, `${event.slug}-affiliates-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      notifications.show({ color: 'red', message: t`We could not export the affiliates. Please try again.` });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={pending}
      onClick={() => void run()}
    >
      <Trans>Export CSV</Trans>
    </Button>
  );
}

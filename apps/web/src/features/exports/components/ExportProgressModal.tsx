import '@mantine/core/styles/Progress.css';

import { formatNumber } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';

import { AppModal } from '../../../components/AppModal';
import type { ExportKind } from '../api/download-export';
import { useExportLabels } from '../export-labels';
import type { ExportRun } from '../hooks/useExportDownload';

interface ExportProgressModalProps {
  kind: ExportKind;
  run: ExportRun | null;
  onCancel: () => void;
}

/** While an export downloads: rows received (CSV) or an estimate (Excel), and a way to stop it. */
export function ExportProgressModal({ kind, run, onCancel }: ExportProgressModalProps) {
  const { t, i18n } = useLingui();
  const { title } = useExportLabels(kind);
  const still = useReducedMotion();
  const number = (n: number) => formatNumber(n, i18n.locale);
  const percent = run?.fraction != null ? Math.round(run.fraction * 100) : null;
  const done = number(Math.min(run?.rows ?? 0, run?.total ?? 0));
  const total = number(run?.total ?? 0);
  let status: string;
  if (!run || run.total === null) status = t`Starting the export…`;
  else if (run.format === 'csv') status = t`${done} of ${total} rows`;
  else status = t`Preparing the Excel file with ${total} rows…`;
  return (
    <AppModal opened={run !== null} onClose={onCancel} title={title} size="sm">
      <Stack gap="md">
        <Text size="sm" aria-live="polite">
          {status}
        </Text>
        {/* Unknown progress: a full striped bar, and no value for assistive technology (indeterminate). */}
        <Progress.Root size="lg">
          <Progress.Section
            value={percent ?? 100}
            animated={!still}
            striped={percent === null || run?.format === 'xlsx'}
            withAria={false}
            role="progressbar"
            aria-label={t`Export progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={percent === null ? status : `${percent}%`}
          />
        </Progress.Root>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Skeleton.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChartBar, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';

import { errorMessage } from '../../../lib/validation';
import type { ExportFormat } from '../../exports/api/export-progress';
import { ReportDownloadButtons } from './ReportDownloadButtons';

interface ReportPanelProps<T> {
  title: ReactNode;
  /** What the report counts. */
  description: ReactNode;
  query: UseQueryResult<T>;
  download: (format: ExportFormat, locale: string) => Promise<{ blob: Blob; filename: string }>;
  /** Nothing to show in the period: the empty state instead of the figures. */
  isEmpty: (data: T) => boolean;
  emptyTitle: ReactNode;
  children: (data: T) => ReactNode;
  testId: string;
}

/** One report: its heading, what it counts, the downloads, then its figures, loading, empty or failed. */
export function ReportPanel<T>({
  title,
  description,
  query,
  download,
  isEmpty,
  emptyTitle,
  children,
  testId,
}: ReportPanelProps<T>) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  let body: ReactNode;
  if (query.isPending && query.fetchStatus === 'idle') {
    // Not asked: the period chosen is not valid yet.
    body = (
      <Text size="sm" c="dimmed">
        <Trans>Choose a valid period to see this report.</Trans>
      </Text>
    );
  } else if (query.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label={t`Loading the report`}>
        <Skeleton h={200} radius="md" aria-hidden />
        <Skeleton h={160} radius="md" aria-hidden />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} aria-hidden />}
        role="alert"
        title={<Trans>The report could not be loaded</Trans>}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error, i18n)}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  } else if (isEmpty(query.data)) {
    body = (
      <Card withBorder radius="md" py="xl" data-testid="report-empty">
        <EmptyState
          icon={<IconChartBar size={28} aria-hidden />}
          variant="light"
          title={emptyTitle}
          description={<Trans>Choose another period, or come back once there is something to count.</Trans>}
        />
      </Card>
    );
  } else {
    body = children(query.data);
  }
  return (
    <Stack
      gap="md"
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isFetching || undefined}
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} maw={640}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <ReportDownloadButtons download={download} disabled={!query.data} />
      </Group>
      {body}
    </Stack>
  );
}

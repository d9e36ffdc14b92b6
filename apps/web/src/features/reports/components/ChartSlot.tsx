import '@mantine/core/styles/Skeleton.css';

import { Card, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { ReportChartProps } from './ReportChart';

const ReportChart = lazy(() => import('./ReportChart'));

/** A report's chart in a card, loaded on its own (a skeleton meanwhile). */
export function ChartSlot(props: ReportChartProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Suspense fallback={<Skeleton h={260} radius="md" aria-hidden />}>
        <ReportChart {...props} />
      </Suspense>
    </Card>
  );
}

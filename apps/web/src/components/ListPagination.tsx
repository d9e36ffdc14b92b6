import '@mantine/core/styles/Pagination.css';

import type { PageMeta } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, type GroupProps, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListPaginationProps extends Omit<GroupProps, 'children'> {
  meta: PageMeta | undefined;
  onPage: (page: number) => void;
  /** Left of the page buttons: "41–60 of 75" unless given; null for nothing (then no row at all on a single page). */
  summary?: ReactNode;
}

/** "41–60 of 75" (or another summary) and page buttons under a list; page buttons only when there are pages. */
export function ListPagination({ meta, onPage, summary, ...props }: ListPaginationProps) {
  const { t } = useLingui();
  if (!meta || meta.total === 0) return null;
  const pages = meta.last_page > 1;
  if (summary === null && !pages) return null;
  const from = (meta.current_page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.current_page * meta.per_page);
  const total = meta.total;
  const controlLabels = { next: t`Next page`, previous: t`Previous page`, first: t`First page`, last: t`Last page` };
  return (
    <Group justify={summary === null ? 'flex-end' : 'space-between'} gap="sm" {...props}>
      {summary === null ? null : (
        <Text size="sm" c="dimmed">
          {summary ?? t`${from}–${to} of ${total}`}
        </Text>
      )}
      {pages ? (
        <nav aria-label={t`Pagination`}>
          <Pagination
            total={meta.last_page}
            value={meta.current_page}
            onChange={onPage}
            getItemProps={(n) => ({ 'aria-label': t`Page ${n}` })}
            getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          />
        </nav>
      ) : null}
    </Group>
  );
}

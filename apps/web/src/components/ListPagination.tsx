import '@mantine/core/styles/Pagination.css';
import type { PageMeta } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, Pagination, Text } from '@mantine/core';

/** "41–60 of 75" and page buttons under a list; nothing when everything fits on one page. */
export function ListPagination({ meta, onPage }: { meta: PageMeta | undefined; onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (!meta || meta.total === 0) return null;
  const from = (meta.current_page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.current_page * meta.per_page);
  const total = meta.total;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t`${from}–${to} of ${total}`}
      </Text>
      {meta.last_page > 1 ? (
        <nav aria-label={t`Pagination`}>
          <Pagination
            total={meta.last_page}
            value={meta.current_page}
            onChange={onPage}
            getItemProps={(n) => ({ 'aria-label': t`Page ${n}` })}
            getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : t`Previous page` })}
          />
        </nav>
      ) : null}
    </Group>
  );
}

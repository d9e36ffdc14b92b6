import '@mantine/core/styles/Switch.css';

import type { AffiliateDto, AffiliateSort, Paginated } from '@admitone/shared';
import { formatMoney, formatNumber } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Switch, Text } from '@mantine/core';

import { DataTable, RowActions } from '../../../components/DataTable';
import type { ListSort } from '../../../lib/url-list-state';

interface AffiliatesTableProps {
  page: Paginated<AffiliateDto>;
  onPage: (page: number) => void;
  currency: string;
  sort: ListSort<AffiliateSort>;
  onSort: (sort: ListSort<AffiliateSort>) => void;
  /** The affiliate whose switch is being saved. */
  togglingId: number | null;
  onToggle: (item: AffiliateDto) => void;
  onCopy: (item: AffiliateDto) => void;
  onEdit: (item: AffiliateDto) => void;
  onDelete: (item: AffiliateDto) => void;
}

/** Affiliates with their code, contact, on/off switch and what their links brought in. */
export function AffiliatesTable({
  page,
  onPage,
  currency,
  sort,
  onSort,
  togglingId,
  onToggle,
  onCopy,
  onEdit,
  onDelete,
}: AffiliatesTableProps) {
  const { t, i18n } = useLingui();
  const count = (n: number) => <Text size="sm">{formatNumber(n, i18n.locale)}</Text>;
  const email = (a: AffiliateDto) =>
    a.email ? (
      <Anchor href={`mailto:${a.email}`} size="sm">
        {a.email}
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const enabled = (a: AffiliateDto) => {
    const name = a.name;
    return (
      <Switch
        checked={a.enabled}
        disabled={togglingId === a.id}
        onChange={() => onToggle(a)}
        aria-label={t`Link of ${name} enabled`}
        label={a.enabled ? t`On` : t`Off`}
        size="sm"
      />
    );
  };
  return (
    <DataTable
      items={page.data}
      pagination={{ meta: page.meta, onPage }}
      minWidth={860}
      sorting={{ sort, onSort }}
      rowTestId={(a) => `affiliate-row-${a.code}`}
      columns={[
        {
          header: <Trans>Name</Trans>,
          sort: 'name',
          cell: (a) => (
            <Text fw={600} size="sm">
              {a.name}
            </Text>
          ),
        },
        {
          header: <Trans>Code</Trans>,
          sort: 'code',
          cell: (a) => (
            <Text fw={700} size="sm" ff="monospace">
              {a.code}
            </Text>
          ),
        },
        { header: <Trans>E-mail</Trans>, cell: email },
        { header: <Trans>Enabled</Trans>, cell: enabled },
        {
          header: <Trans>Orders</Trans>,
          sort: 'orders',
          firstDirection: 'desc',
          testId: 'affiliate-orders',
          cell: (a) => count(a.orders_count),
        },
        { header: <Trans>Tickets</Trans>, testId: 'affiliate-tickets', cell: (a) => count(a.tickets_sold) },
        {
          header: <Trans>Revenue</Trans>,
          sort: 'revenue',
          firstDirection: 'desc',
          testId: 'affiliate-revenue',
          cell: (a) => (
            <Text size="sm" fw={600}>
              {formatMoney(a.revenue, currency, i18n.locale)}
            </Text>
          ),
        },
      ]}
      actions={(a) => (
        <RowActions name={a.name} onCopy={() => onCopy(a)} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
      )}
    />
  );
}

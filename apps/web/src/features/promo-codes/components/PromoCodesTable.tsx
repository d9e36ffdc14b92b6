import type { Paginated, PromoCodeDto, TicketDto } from '@admitone/shared';
import { formatDateTime, formatMoney, formatPercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Text } from '@mantine/core';

import { DataTable, RowActions } from '../../../components/DataTable';

interface PromoCodesTableProps {
  page: Paginated<PromoCodeDto>;
  onPage: (page: number) => void;
  tickets: TicketDto[];
  currency: string;
  timeZone: string;
  onCopy: (item: PromoCodeDto) => void;
  onEdit: (item: PromoCodeDto) => void;
  onDelete: (item: PromoCodeDto) => void;
}

/** Promo codes with their discount, tickets, use and expiry. */
export function PromoCodesTable({
  page,
  onPage,
  tickets,
  currency,
  timeZone,
  onCopy,
  onEdit,
  onDelete,
}: PromoCodesTableProps) {
  const { t, i18n } = useLingui();
  const discount = (p: PromoCodeDto) => {
    if (p.discount_type === 'PERCENTAGE') return formatPercent(p.discount / 100, i18n.locale, 3);
    if (p.discount_type === 'FIXED') return formatMoney(p.discount, currency, i18n.locale);
    return t`Unlocks hidden tickets`;
  };
  const ticketNames = (ids: number[]) =>
    ids.length
      ? tickets
          .filter((x) => ids.includes(x.id))
          .map((x) => x.name)
          .join(', ')
      : t`All tickets`;
  const uses = (p: PromoCodeDto) => {
    const used = p.times_used;
    const limit = p.max_uses;
    return limit === null ? (
      <Trans>{used} / unlimited</Trans>
    ) : (
      <Trans>
        {used} / {limit}
      </Trans>
    );
  };
  return (
    <DataTable
      items={page.data}
      pagination={{ meta: page.meta, onPage, summary: null }}
      minWidth={760}
      columns={[
        {
          header: <Trans>Code</Trans>,
          cell: (p) => (
            <Text fw={700} size="sm" ff="monospace">
              {p.code}
            </Text>
          ),
        },
        { header: <Trans>Discount</Trans>, cell: (p) => <Text size="sm">{discount(p)}</Text> },
        { header: <Trans>Tickets</Trans>, cell: (p) => <Text size="sm">{ticketNames(p.ticket_ids)}</Text> },
        { header: <Trans>Used</Trans>, cell: (p) => <Text size="sm">{uses(p)}</Text> },
        {
          header: <Trans>Expires</Trans>,
          cell: (p) => (
            <Text size="sm">
              {p.expires_at ? formatDateTime(p.expires_at, timeZone, i18n.locale) : <Trans>Never</Trans>}
            </Text>
          ),
        },
        {
          header: <Trans>Status</Trans>,
          cell: (p) => (
            <Badge variant="dot" color={p.is_active ? 'green' : 'gray'} tt="none">
              {p.is_active ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
            </Badge>
          ),
        },
      ]}
      actions={(p) => (
        <RowActions name={p.code} onCopy={() => onCopy(p)} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
      )}
    />
  );
}

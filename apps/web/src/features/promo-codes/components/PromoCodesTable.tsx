import '@mantine/core/styles/Table.css';
import type { PromoCodeDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Card, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { intlLocale } from '@admitone/shared';

interface PromoCodesTableProps {
  items: PromoCodeDto[];
  tickets: TicketDto[];
  currency: string;
  timeZone: string;
  onCopy: (item: PromoCodeDto) => void;
  onEdit: (item: PromoCodeDto) => void;
  onDelete: (item: PromoCodeDto) => void;
}

/** Promo codes with their discount, tickets, use and expiry. */
export function PromoCodesTable({ items, tickets, currency, timeZone, onCopy, onEdit, onDelete }: PromoCodesTableProps) {
  const { t, i18n } = useLingui();
  const discount = (p: PromoCodeDto) => {
    if (p.discount_type === 'PERCENTAGE') return new Intl.NumberFormat(intlLocale(i18n.locale), { style: 'percent', maximumFractionDigits: 3 }).format(p.discount / 100);
    if (p.discount_type === 'FIXED') return formatMoney(p.discount, currency, i18n.locale);
    return t`Unlocks hidden tickets`;
  };
  const ticketNames = (ids: number[]) => (ids.length ? tickets.filter((x) => ids.includes(x.id)).map((x) => x.name).join(', ') : t`All tickets`);
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Code</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Discount</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Tickets</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Used</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Expires</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => {
              const code = p.code;
              const used = p.times_used;
              const limit = p.max_uses;
              return (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text fw={700} size="sm" ff="monospace">
                      {p.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{discount(p)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{ticketNames(p.ticket_ids)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{limit === null ? <Trans>{used} / unlimited</Trans> : <Trans>{used} / {limit}</Trans>}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.expires_at ? formatDateTime(p.expires_at, timeZone, i18n.locale) : <Trans>Never</Trans>}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={p.is_active ? 'green' : 'gray'} tt="none">
                      {p.is_active ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" color="gray" aria-label={t`Copy the link for ${code}`} onClick={() => onCopy(p)}>
                        <IconCopy size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="gray" aria-label={t`Edit ${code}`} onClick={() => onEdit(p)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${code}`} onClick={() => onDelete(p)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

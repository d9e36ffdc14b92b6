import type { TicketDto } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { type SortableRowActions, SortableRowMenu } from '../../../components/SortableRowMenu';
import { ProductKindBadge, SalesChannelBadge, SaleStateBadge, TicketTypeBadge } from './TicketBadges';

interface TicketRowProps extends SortableRowActions {
  ticket: TicketDto;
  currency: string;
  timeZone: string;
  /** The event is live (a draft's tickets are not on sale yet). */
  eventLive: boolean;
  handle: ReactNode;
  onToggleHidden: () => void;
}

/** "€25.00", "from €10.00" for tiers, "min €5.00" for donations, "Free". */
export function usePriceLabel() {
  const { t, i18n } = useLingui();
  return (ticket: TicketDto, currency: string) => {
    const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
    if (ticket.type === 'FREE') return t`Free`;
    if (ticket.type === 'DONATION') {
      const amount = money(ticket.min_price ?? 0);
      return t`min ${amount}`;
    }
    if (ticket.type === 'TIERED') {
      const amount = money(ticket.tiers.length ? Math.min(...ticket.tiers.map((tier) => tier.price)) : 0);
      return t`from ${amount}`;
    }
    return money(ticket.price ?? 0);
  };
}

function Stat({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Stack gap={0} align="center" miw={56}>
      <Text size="sm" fw={600}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** One ticket in the list: what it is, what it costs, how it sells, and its actions. */
export function TicketRow({
  ticket,
  currency,
  timeZone,
  eventLive,
  handle,
  onToggleHidden,
  ...actions
}: TicketRowProps) {
  const { t, i18n } = useLingui();
  const priceLabel = usePriceLabel();
  const name = ticket.name;
  const buyerPays = formatMoney(ticket.price_with_charges, currency, i18n.locale);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="ticket-row">
      <Group gap="sm" wrap="nowrap" align="center">
        {handle}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} truncate data-testid="ticket-name">
              {ticket.name}
            </Text>
            <TicketTypeBadge type={ticket.type} />
            <ProductKindBadge ticket={ticket} />
            <SalesChannelBadge ticket={ticket} />
            <SaleStateBadge
              state={ticket.sale_state}
              saleStart={ticket.sale_start}
              timeZone={timeZone}
              eventLive={eventLive}
            />
          </Group>
          <Group gap="md">
            <Text size="sm">{priceLabel(ticket, currency)}</Text>
            {ticket.type !== 'FREE' ? (
              <Text size="sm" c="dimmed">
                <Trans>Buyer pays {buyerPays}</Trans>
              </Text>
            ) : null}
          </Group>
          {ticket.type === 'TIERED' ? (
            <Text size="xs" c="dimmed" data-testid="ticket-tiers">
              {ticket.tiers
                .map((tier) => `${tier.label} ${formatMoney(tier.price, currency, i18n.locale)}`)
                .join(' · ')}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap" visibleFrom="sm">
          <Stat label={<Trans>sold</Trans>} value={ticket.sold} />
          <Stat label={<Trans>reserved</Trans>} value={ticket.reserved} />
          <Stat
            label={<Trans>left</Trans>}
            value={ticket.available === null ? <span aria-label={t`unlimited`}>∞</span> : ticket.available}
          />
        </Group>
        <SortableRowMenu label={t`Actions for ${name}`} {...actions}>
          <Menu.Item
            leftSection={ticket.is_hidden ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
            onClick={onToggleHidden}
          >
            {ticket.is_hidden ? <Trans>Unhide</Trans> : <Trans>Hide</Trans>}
          </Menu.Item>
        </SortableRowMenu>
      </Group>
    </Card>
  );
}

import { formatMoney, priceUnit, type TaxOrFeeDto, type TicketType } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Stack, Text } from '@mantine/core';

interface BuyerPaysPreviewProps {
  type: TicketType;
  /** Minor units; null while the price is not entered. */
  base: number | null;
  charges: TaxOrFeeDto[];
  currency: string;
}

/** What one ticket costs the buyer with the chosen taxes and fees, priced by the shared rule. */
export function BuyerPaysPreview({ type, base, charges, currency }: BuyerPaysPreviewProps) {
  const { i18n } = useLingui();
  if (base === null) return null;
  const unit = priceUnit(type, base, charges);
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const total = money(unit.total);
  return (
    <Alert variant="light" color="violet" aria-live="polite" data-testid="buyer-pays">
      <Stack gap={4}>
        <Text fw={700}>
          {type === 'TIERED' ? (
            <Trans>Buyer pays from {total}</Trans>
          ) : type === 'DONATION' ? (
            <Trans>Buyer pays at least {total}</Trans>
          ) : (
            <Trans>Buyer pays {total}</Trans>
          )}
        </Text>
        {[...unit.fees, ...unit.taxes].map((c) => (
          <Group key={c.id} gap="xs">
            <Text size="sm">{c.name}</Text>
            <Text size="sm" c="dimmed">
              {money(c.amount)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

import { formatMoney, type PriceDisplayMode, priceUnit, type PublicTicketDto, type UnitPrice } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Stack, Text, VisuallyHidden } from '@mantine/core';

interface TicketPriceProps {
  ticket: PublicTicketDto;
  unit: UnitPrice;
  mode: PriceDisplayMode;
  currency: string;
}

/**
 * One unit's price as the organizer shows prices: before taxes and fees, or all-inclusive; a promo strikes the
 * original.
 */
export function TicketPrice({ ticket, unit, mode, currency }: TicketPriceProps) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  if (ticket.type === 'FREE' || (unit.total === 0 && unit.discount === 0)) {
    return (
      <Text fw={700}>
        <Trans>Free</Trans>
      </Text>
    );
  }
  const inclusive = mode === 'INCLUSIVE';
  const shown = inclusive ? unit.total : unit.price;
  const original = inclusive ? priceUnit(ticket.type, unit.base, ticket.charges).total : unit.base;
  const hasCharges = unit.fee_total + unit.tax_total > 0;
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={700} ta="right">
        {unit.discount > 0 && (
          <>
            <VisuallyHidden>
              <Trans>Original price</Trans>
            </VisuallyHidden>
            <Text component="del" c="dimmed" fw={400} mr={6} inherit>
              {money(original)}
            </Text>
            <VisuallyHidden>
              <Trans>Discounted price</Trans>
            </VisuallyHidden>
          </>
        )}
        {money(shown)}
      </Text>
      {hasCharges && (
        <Text size="xs" c="dimmed" ta="right">
          {inclusive ? <Trans>including taxes and fees</Trans> : <Trans>plus taxes and fees</Trans>}
        </Text>
      )}
    </Stack>
  );
}

import { type BreakdownRow, formatMoney, orderBreakdown, type OrderTotals } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

interface Priced {
  currency: string;
  promo_code: string | null;
  totals: OrderTotals;
  items: ReadonlyArray<{
    ticket_id: number;
    tier_id: number | null;
    ticket_name: string;
    tier_label: string | null;
    quantity: number;
    unit: { base: number };
  }>;
}

export interface ShownLine {
  key: string;
  /** "2 × Standard — Early bird". */
  label: string;
  name: string;
  tier: string | null;
  quantity: number;
  /** List price of one, formatted ("Free" when 0). */
  each: string;
  /** List price × quantity, formatted ("Free" when 0). */
  amount: string;
}

export interface ShownRow {
  kind: BreakdownRow['kind'];
  label: string;
  /** Formatted, with a minus for the discount. */
  amount: string;
}

/**
 * An order's money as every screen shows it (checkout, order page, print page, the organizer's order):
 * lines at list price, then subtotal, discount, fees, taxes and total (`orderBreakdown`, shared with the
 * mails), labelled and formatted in the reader's language.
 */
export function useOrderBreakdown(order: Priced): { lines: ShownLine[]; rows: ShownRow[] } {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const orFree = (minor: number) => (minor === 0 ? t`Free` : money(minor));
  const { lines, rows } = orderBreakdown(order.items, order.totals);
  const promo = order.promo_code;
  const label = (kind: BreakdownRow['kind']) =>
    ({
      subtotal: t`Subtotal`,
      discount: promo ? t`Discount (${promo})` : t`Discount`,
      fees: t`Fees`,
      taxes: t`Taxes`,
      total: t`Total`,
    })[kind];
  return {
    lines: lines.map((l, i) => ({
      key: `${order.items[i]!.ticket_id}-${order.items[i]!.tier_id ?? 0}`,
      label: `${l.quantity} × ${l.ticket_name}${l.tier_label ? ` — ${l.tier_label}` : ''}`,
      name: l.ticket_name,
      tier: l.tier_label,
      quantity: l.quantity,
      each: orFree(l.unit_price),
      amount: orFree(l.amount),
    })),
    rows: rows.map((r) => ({
      kind: r.kind,
      label: label(r.kind),
      amount: r.kind === 'discount' ? `−${money(r.amount)}` : r.kind === 'total' ? orFree(r.amount) : money(r.amount),
    })),
  };
}

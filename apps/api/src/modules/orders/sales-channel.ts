import { sql } from 'drizzle-orm';

/** Where a sale counts when figures are split by channel: online, paid at the box office, or given free there. */
export type SaleChannel = 'ONLINE' | 'BOX_OFFICE' | 'COMPLIMENTARY';

/**
 * The sale channel of order `o` (docs/DOMAIN.md, "The box office"): ONLINE for every order not sold at the box office;
 * of those sold there, COMPLIMENTARY when given free (counted apart, no money) and BOX_OFFICE when paid (cash or a card
 * terminal). The dashboard and the reports split their figures by it, so the parts always add up to the whole.
 */
export const SALE_CHANNEL = sql.raw(
  `(case when o.channel <> 'BOX_OFFICE' then 'ONLINE'
    when o.box_office_payment->>'method' = 'COMPLIMENTARY' then 'COMPLIMENTARY' else 'BOX_OFFICE' end)`,
);

import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { listQuery, oneOf, pageOf, trimmedName } from './common.js';

/** An affiliate code: letters, digits, dashes and underscores, like a promo code. */
export const affiliateCode = z
  .string()
  .trim()
  .min(LIMITS.PROMO_CODE_MIN)
  .max(LIMITS.PROMO_CODE_MAX)
  .regex(/^[\p{L}\p{N}_-]+$/u, customIssue('promo_code_format'));

/** An affiliate of an event: links `/event/{id}/{slug}?aff=CODE` attribute orders to it. */
export const affiliateBody = z.object({
  name: trimmedName,
  /** Unique per event whatever its case. */
  code: affiliateCode,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(LIMITS.EMAIL_MAX)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email().nullable()),
  enabled: z.boolean().default(true),
});
export type AffiliateBody = z.input<typeof affiliateBody>;

export const AFFILIATE_SORTS = ['name', 'code', 'orders', 'revenue', 'created_at'] as const;
export type AffiliateSort = (typeof AFFILIATE_SORTS)[number];
export const affiliateListQuery = listQuery(AFFILIATE_SORTS, {});
export const affiliateParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  affiliateId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/** The figures of an affiliate, from the orders its link brought. */
export interface AffiliateFigures {
  /** Completed orders (also partly or fully refunded ones). */
  orders_count: number;
  /** Valid tickets of those orders. */
  tickets_sold: number;
  /** Sum of total minus refunded, in minor units of the event currency. */
  revenue: number;
}

export interface AffiliateDto extends AffiliateFigures {
  id: number;
  event_id: number;
  name: string;
  code: string;
  email: string | null;
  enabled: boolean;
  currency: string;
  /** The public page with the code, e.g. /event/12/jazz-night?aff=PARTNER. */
  link: string;
  created_at: string;
}

/** `AffiliateDto` as a response schema. */
export const affiliateSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  currency: z.string(),
  link: z.string(),
  created_at: z.string(),
  orders_count: z.number().int(),
  tickets_sold: z.number().int(),
  revenue: z.number().int(),
}) satisfies z.ZodType<AffiliateDto>;
export const affiliateResponse = oneOf(affiliateSchema);
export const affiliateListResponse = pageOf(affiliateSchema);

import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { listQuery, localDateTime, oneOf, pageOf } from './common.js';

export const PROMO_DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED', 'NONE'] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

/**
 * A promo code of an event. `discount` is a percentage (0-100) for PERCENTAGE, an amount in minor
 * units for FIXED, and ignored for NONE (which only unlocks tickets shown with a code). A code giving
 * 100% off needs PROMO_CODE_STRONG_MIN characters (the API asks the same of one unlocking hidden tickets).
 */
export const promoCodeBody = z
  .object({
    code: z
      .string()
      .trim()
      .min(LIMITS.PROMO_CODE_MIN)
      .max(LIMITS.PROMO_CODE_MAX)
      .regex(/^[\p{L}\p{N}_-]+$/u, customIssue('promo_code_format')),
    discount_type: z.enum(PROMO_DISCOUNT_TYPES),
    discount: z.number().min(0).default(0),
    /** Empty: every ticket. */
    ticket_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500).default([]),
    /** null: unlimited. */
    max_uses: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** Wall-clock time in the event's time zone. */
    expires_at: localDateTime.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.discount_type === 'PERCENTAGE' && v.discount > 100) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: 100,
        inclusive: true,
        path: ['discount'],
        input: v.discount,
      });
    }
    if (v.discount_type === 'FIXED' && !Number.isInteger(v.discount))
      ctx.addIssue({ code: 'custom', path: ['discount'], ...customIssue('whole_number'), input: v.discount });
    if (v.discount_type === 'PERCENTAGE' && v.discount === 100 && v.code.length < LIMITS.PROMO_CODE_STRONG_MIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        ...customIssue('promo_code_too_weak', { min: LIMITS.PROMO_CODE_STRONG_MIN }),
        input: v.code,
      });
    }
    if (v.discount_type !== 'NONE' && v.discount === 0)
      ctx.addIssue({ code: 'custom', path: ['discount'], ...customIssue('required'), input: v.discount });
  });
export type PromoCodeBody = z.input<typeof promoCodeBody>;

export const PROMO_SORTS = ['code', 'created_at'] as const;
export const promoListQuery = listQuery(PROMO_SORTS, {});
export const promoParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  promoId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

export interface PromoCodeDto {
  id: number;
  event_id: number;
  code: string;
  discount_type: PromoDiscountType;
  discount: number;
  ticket_ids: number[];
  max_uses: number | null;
  expires_at: string | null;
  times_used: number;
  /** Expired or used up. */
  is_active: boolean;
  /** The public page with the code applied, e.g. /event/12/jazz-night?promo_code=EARLY. */
  link: string;
  created_at: string;
}

/** `PromoCodeDto` as a response schema. */
export const promoCodeSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(PROMO_DISCOUNT_TYPES),
  discount: z.number(),
  ticket_ids: z.array(z.number().int()),
  max_uses: z.number().int().nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  times_used: z.number().int(),
  is_active: z.boolean(),
  link: z.string(),
  created_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<PromoCodeDto>;
export const promoCodeResponse = oneOf(promoCodeSchema);
export const promoCodeListResponse = pageOf(promoCodeSchema);

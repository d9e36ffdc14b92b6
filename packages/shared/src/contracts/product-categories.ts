import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { defaultableName, oneOf, optionalText } from './common.js';

/** How many categories an event may have. */
export const CATEGORIES_MAX = 50;

const idField = z.number().int().positive().max(LIMITS.ID_MAX);

/** `POST|PUT /events/{id}/product-categories(/{categoryId})`. A blank name keeps (or returns to) the default name. */
export const productCategoryBody = z.object({
  name: defaultableName,
  description: optionalText(LIMITS.DESCRIPTION_MAX),
  is_hidden: z.boolean().default(false),
  starts_collapsed: z.boolean().default(false),
});
export type ProductCategoryBody = z.input<typeof productCategoryBody>;

export const productCategoryParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  categoryId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/**
 * `PUT /events/{id}/product-categories/arrangement`: every category of the event in its new order, each
 * with every ticket it now holds in order. Moving a ticket to another category and reordering are one call.
 */
export const categoryArrangementBody = z
  .object({
    categories: z
      .array(z.object({ id: idField, ticket_ids: z.array(idField).max(500) }))
      .min(1)
      .max(CATEGORIES_MAX),
  })
  .superRefine((v, ctx) => {
    const categories = v.categories.map((c) => c.id);
    if (new Set(categories).size !== categories.length)
      ctx.addIssue({ code: 'custom', path: ['categories'], ...customIssue('invalid'), input: categories });
    const tickets = v.categories.flatMap((c) => c.ticket_ids);
    if (new Set(tickets).size !== tickets.length)
      ctx.addIssue({ code: 'custom', path: ['categories'], ...customIssue('invalid'), input: tickets });
  });
export type CategoryArrangementBody = z.input<typeof categoryArrangementBody>;

/** A category as the organizer's screens show it. */
export interface ProductCategoryDto {
  id: number;
  event_id: number;
  /** null: the default name, shown as "Tickets" in the reader's language. */
  name: string | null;
  description: string | null;
  is_hidden: boolean;
  starts_collapsed: boolean;
  sort_order: number;
  /** Its tickets, in order. */
  ticket_ids: number[];
}

export const productCategorySchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  is_hidden: z.boolean(),
  starts_collapsed: z.boolean(),
  sort_order: z.number().int(),
  ticket_ids: z.array(z.number().int()),
}) satisfies z.ZodType<ProductCategoryDto>;
export const productCategoryResponse = oneOf(productCategorySchema);
/** All of an event's categories in their order, without paging. */
export const productCategoryListResponse = z.object({ data: z.array(productCategorySchema) });

/** A category as buyers see it on the event page (hidden ones are left out, with their products). */
export interface PublicCategoryDto {
  id: number;
  name: string | null;
  description: string | null;
  starts_collapsed: boolean;
}
export const publicCategorySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  starts_collapsed: z.boolean(),
}) satisfies z.ZodType<PublicCategoryDto>;

import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { emailField, listQuery, oneOf, optionalText, optionalUrl, pageOf, trimmedName } from './common.js';
import { type ImageDto, imageSchema } from './images.js';

export const organizerBody = z.object({
  name: trimmedName,
  email: emailField,
  description: optionalText(LIMITS.DESCRIPTION_MAX),
  website: optionalUrl,
});
export type OrganizerBody = z.input<typeof organizerBody>;

/** Changes to an organizer; any subset. */
export const updateOrganizerBody = organizerBody.partial();
export type UpdateOrganizerBody = z.input<typeof updateOrganizerBody>;

export const ORGANIZER_SORTS = ['name', 'created_at'] as const;
export const organizerListQuery = listQuery(ORGANIZER_SORTS, {});

export interface OrganizerDto {
  id: number;
  name: string;
  email: string;
  description: string | null;
  website: string | null;
  logo: ImageDto | null;
  created_at: string;
}

/** `OrganizerDto` as a response schema. */
export const organizerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  logo: imageSchema.nullable(),
  created_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<OrganizerDto>;
export const organizerResponse = oneOf(organizerSchema);
export const organizerListResponse = pageOf(organizerSchema);

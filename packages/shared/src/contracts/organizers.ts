import { z } from 'zod';
import { LIMITS } from '../limits.js';
import type { ImageDto } from './images.js';
import { emailField, listQuery, optionalText, optionalUrl, trimmedName } from './common.js';

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

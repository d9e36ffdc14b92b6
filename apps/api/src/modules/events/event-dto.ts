import { DEFAULT_EVENT_COLORS, type EventDto, type EventLifecycle } from '@admitone/shared';
import type { EventWithOrganizer } from './events.repository.js';

/** Where an event stands in time. */
export function lifecycleOf(start: Date, end: Date | null, now: Date): EventLifecycle {
  if (start > now) return 'UPCOMING';
  if ((end ?? start) > now) return 'ONGOING';
  return 'ENDED';
}

export function toEventDto({ event: e, organizer }: EventWithOrganizer, now: Date): EventDto {
  return {
    id: e.id,
    title: e.title,
    slug: e.slug,
    description: e.description,
    status: e.status,
    lifecycle: lifecycleOf(e.start_date, e.end_date, now),
    start_date: e.start_date.toISOString(),
    end_date: e.end_date?.toISOString() ?? null,
    timezone: e.timezone,
    currency: e.currency,
    organizer,
    settings: {
      order_timeout_minutes: e.order_timeout_minutes,
      support_email: e.support_email,
      email_footer_message: e.email_footer_message,
      colors: { ...DEFAULT_EVENT_COLORS, ...(e.colors ?? {}) },
    },
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}

import type { PublicCategoryDto, PublicEventDto, PublicTicketDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { OrganizerHtml } from '../components/OrganizerHtml';
import classes from './CategoryGroup.module.css';

export interface TicketGroup {
  category: PublicCategoryDto;
  tickets: PublicTicketDto[];
}

/**
 * The tickets under their categories, in order; null when the event has just its unnamed default category
 * (no heading is worth showing then).
 */
export function ticketGroups(event: PublicEventDto): TicketGroup[] | null {
  const categories = event.categories ?? [];
  const [only] = categories;
  if (categories.length === 0 || (categories.length === 1 && only && !only.name && !only.description)) return null;
  return categories
    .map((category) => ({ category, tickets: event.tickets.filter((t) => t.category_id === category.id) }))
    .filter((g) => g.tickets.length > 0);
}

interface CategoryGroupProps {
  group: TicketGroup;
  headingLevel: 2 | 3;
  children: ReactNode;
}

/**
 * One category of the ticket selector: its heading and description, then its tickets. One that starts
 * collapsed is a disclosure (details/summary: it opens before any script has run).
 */
export function CategoryGroup({ group: { category }, headingLevel, children }: CategoryGroupProps) {
  const { t } = useLingui();
  const headingId = `category-${category.id}-name`;
  const heading = (
    <Text component={`h${headingLevel}`} id={headingId} fw={700} fz="lg" m={0}>
      {category.name ?? t`Tickets`}
    </Text>
  );
  const body = (
    <Stack gap="md">
      {category.description ? <OrganizerHtml html={category.description} small /> : null}
      <Stack gap="md" component="ul" m={0} p={0}>
        {children}
      </Stack>
    </Stack>
  );
  if (category.starts_collapsed) {
    return (
      <details className={classes.disclosure} data-testid="ticket-category" aria-labelledby={headingId}>
        <summary className={classes.summary}>{heading}</summary>
        {body}
      </details>
    );
  }
  return (
    <Stack gap="sm" role="group" aria-labelledby={headingId} data-testid="ticket-category">
      {heading}
      {body}
    </Stack>
  );
}

import type { FieldErrors, SeatingLayout } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { type ProblemPlace, problemPlace } from '../seating-layout';

/** A problem's place in words: "Zone “Balcony”, row 1, seat 2" (empty for the plan as a whole). */
function usePlaceWords() {
  const { t } = useLingui();
  const zoneWords = (zone: string | number) => (typeof zone === 'number' ? t`Zone ${zone}` : t`Zone “${zone}”`);
  return (place: ProblemPlace): string => {
    switch (place.kind) {
      case 'plan':
        return '';
      case 'category': {
        const name = place.name;
        const position = place.index + 1;
        return name ? t`Category “${name}” (number ${position})` : t`Category ${position}`;
      }
      case 'zone':
        return zoneWords(place.zone);
      case 'row': {
        const zone = zoneWords(place.zone);
        const row = place.row;
        return t`${zone}, row ${row}`;
      }
      case 'seat': {
        const zone = zoneWords(place.zone);
        const { row, seat } = place;
        return t`${zone}, row ${row}, seat ${seat}`;
      }
      case 'area': {
        const zone = zoneWords(place.zone);
        const name = place.standing;
        const position = place.index + 1;
        return name ? t`${zone}, standing area “${name}”` : t`${zone}, area ${position}`;
      }
    }
  };
}

/** Reads a field's place, tolerating a file that is not a plan's shape (an import's problems). */
function placeOf(field: string, layout: SeatingLayout | undefined): ProblemPlace {
  if (!layout) return { kind: 'plan' };
  try {
    return problemPlace(field, layout);
  } catch {
    return { kind: 'plan' };
  }
}

interface PlanProblemsProps {
  title: ReactNode;
  /** The API's problems, each on its field (`layout.zones.0.rows.1.seats.2.seat_number`), already translated. */
  fieldErrors: FieldErrors;
  /** The layout the fields point into (the draft; the file's JSON for an import). */
  layout: SeatingLayout | undefined;
  /** The prefix of the layout's fields (`layout`, `pretix` for an import). */
  prefix?: string;
}

/**
 * A plan's problems as a list a person reads: each names its zone (by name), row and seat (by their numbers),
 * category or area in words, with the API's translated message.
 */
export function PlanProblems({ title, fieldErrors, layout, prefix = 'layout' }: PlanProblemsProps) {
  const words = usePlaceWords();
  const items = Object.entries(fieldErrors)
    .filter(([field]) => field === prefix || field.startsWith(`${prefix}.`))
    .flatMap(([field, messages]) => {
      const where = words(placeOf(field, layout));
      return messages.map((message) => ({ key: `${field}:${message}`, where, message }));
    });
  if (!items.length) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={title}
      role="alert"
      data-testid="plan-problems"
    >
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item.key}>
            {item.where ? (
              <Text span size="sm" fw={600}>
                {item.where}:{' '}
              </Text>
            ) : null}
            {item.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

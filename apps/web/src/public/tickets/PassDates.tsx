import '@mantine/core/styles/List.css';

import { formatOrderDate, type OrderDateDto } from '@admitone/shared';
import { Plural, useLingui } from '@lingui/react/macro';
import { List, Stack, Text } from '@mantine/core';

/** A pass's ticket: the dates of the pass, each of which this ticket's code admits on once. */
export function PassDates({ dates, timeZone }: { dates: OrderDateDto[]; timeZone: string }) {
  const { i18n } = useLingui();
  return (
    <Stack gap={4} data-testid="pass-dates">
      <Text size="sm" c="dimmed" id="pass-dates-heading">
        <Plural
          value={dates.length}
          one="Pass: this code admits once on its # date"
          other="Pass: this code admits once on each of its # dates"
        />
      </Text>
      <List size="sm" spacing={2} aria-labelledby="pass-dates-heading">
        {dates.map((d) => (
          <List.Item key={d.id}>{formatOrderDate(d, timeZone, i18n.locale)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

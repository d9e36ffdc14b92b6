import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';

import { formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, NativeSelect, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';

import { toggleSeat } from './seat-choice';
import type { SeatText } from './seat-text';
import type { SeatPickerModel } from './use-seat-picker';

/** Seats per page of the list. */
export const LIST_PAGE = 20;
const ALL = 'all';

/** A filter of the list (all, or one of its options); none when there is only one to choose. */
function ListFilter(props: {
  label: string;
  all: string;
  options: Array<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  if (props.options.length < 2) return null;
  return (
    <NativeSelect
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      data={[{ value: ALL, label: props.all }, ...props.options]}
      style={{ flex: '1 1 9rem' }}
    />
  );
}

/**
 * The plan as a list, equal to the picture: every seat that can be chosen (and those chosen), by section, row and
 * seat, with its category, price and features; filtered by section and category, a page at a time.
 */
export function SeatList({ model, text, currency }: { model: SeatPickerModel; text: SeatText; currency: string }) {
  const { t, i18n } = useLingui();
  const { plan, index, lines, isFree, places } = model;
  const [section, setSection] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const [page, setPage] = useState(1);
  const rows = useMemo(
    () =>
      index
        ? index.seats.filter(
            (s) =>
              (isFree(s) || places[s.id]) &&
              (section === ALL || String(s.zone) === section) &&
              (category === ALL || String(s.category) === category),
          )
        : [],
    [index, isFree, places, section, category],
  );
  if (!plan || !index) return null;
  // Features only as a column when some seat has one, and the section only when there are several (the list stays
  // narrow enough for a phone, its headings unbroken).
  const withFeatures = index.seats.some((s) => s.features.length > 0);
  const pages = Math.max(1, Math.ceil(rows.length / LIST_PAGE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * LIST_PAGE, current * LIST_PAGE);
  const sections = index.zones.flatMap((z, i) =>
    z.seatCount ? [{ value: String(i), label: z.name || t`Seats` }] : [],
  );
  const withSection = sections.length > 1;
  const categories = plan.categories.flatMap((c, i) => (lines[i] ? [{ value: String(i), label: c.name }] : []));

  return (
    <div data-testid="seat-list">
      <Group gap="xs" mb="xs" wrap="wrap">
        <ListFilter
          label={t`Section`}
          all={t`All sections`}
          options={sections}
          value={section}
          onChange={(v) => {
            setSection(v);
            setPage(1);
          }}
        />
        <ListFilter
          label={t`Category`}
          all={t`All categories`}
          options={categories}
          value={category}
          onChange={(v) => {
            setCategory(v);
            setPage(1);
          }}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">
          <Trans>No free seats match these filters.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={withFeatures ? 440 : 300}>
          <Table verticalSpacing={6} highlightOnHover>
            <Table.Caption>
              {(() => {
                const count = rows.length;
                const from = (current - 1) * LIST_PAGE + 1;
                const to = from + shown.length - 1;
                return t`Seats ${from}–${to} of ${count}`;
              })()}
            </Table.Caption>
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>
                    <Trans>Choose</Trans>
                  </VisuallyHidden>
                </Table.Th>
                {withSection ? (
                  <Table.Th>
                    <Trans>Section</Trans>
                  </Table.Th>
                ) : null}
                <Table.Th>
                  <Trans>Row</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Seat</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Price</Trans>
                </Table.Th>
                {withFeatures ? (
                  <Table.Th>
                    <Trans>Features</Trans>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((seat) => {
                const line = lines[seat.category];
                return (
                  <Table.Tr key={seat.id} data-seat-row={seat.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={text.seatName(seat)}
                        checked={Boolean(places[seat.id])}
                        onChange={() => model.choose((current) => toggleSeat(current, index, seat, isFree))}
                      />
                    </Table.Td>
                    {withSection ? <Table.Td>{text.section(seat)}</Table.Td> : null}
                    <Table.Td>{index.rows[seat.row]!.label}</Table.Td>
                    <Table.Td>{seat.number}</Table.Td>
                    <Table.Td>
                      <Text size="sm" component="span" fw={600}>
                        {line ? formatMoney(line.price, currency, i18n.locale) : ''}
                      </Text>{' '}
                      <Text size="xs" component="span" c="dimmed">
                        {plan.categories[seat.category]?.name}
                      </Text>
                    </Table.Td>
                    {withFeatures ? (
                      <Table.Td>
                        <Text size="sm">{text.features(seat)}</Text>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          size="sm"
          mt="xs"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t`Previous page` : control === 'next' ? t`Next page` : undefined,
          })}
          getItemProps={(n) => ({ 'aria-label': t`Page ${n}` })}
        />
      ) : null}
    </div>
  );
}

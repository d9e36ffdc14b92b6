import '@mantine/core/styles/Table.css';

import { type BoxOfficeShiftDto, formatDateTime, formatMoney } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Table, Text, Title } from '@mantine/core';

import { ListBody } from '../../../components/ListBody';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { usePermission } from '../../users/hooks/usePermission';
import { useShifts } from '../api/box-office';

/** A shift's difference: over, short, even, or still open. */
function DifferenceCell({ shift, money }: { shift: BoxOfficeShiftDto; money: (minor: number) => string }) {
  if (shift.difference === null)
    return (
      <Text size="sm" c="dimmed">
        <Trans>Still open</Trans>
      </Text>
    );
  const amount = money(Math.abs(shift.difference));
  if (shift.difference === 0)
    return (
      <Text size="sm" c="teal.9">
        <Trans>Even</Trans>
      </Text>
    );
  return shift.difference > 0 ? (
    <Text size="sm" c="orange.9">
      <Trans>{amount} over</Trans>
    </Text>
  ) : (
    <Text size="sm" c="red.8">
      <Trans>{amount} short</Trans>
    </Text>
  );
}

/**
 * The event's shifts, newest first (box-office staff: their own): who, when, the cash expected, counted and the
 * difference per staff member; those who manage the event export them as CSV or Excel.
 */
export function ShiftsSection({
  eventId,
  currency,
  timezone,
}: {
  eventId: number;
  currency: string;
  timezone: string;
}) {
  const { i18n } = useLingui();
  const shifts = useShifts(eventId);
  const manages = usePermission('events.manage');
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timezone, i18n.locale) : '');
  return (
    <section aria-labelledby="shifts-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="shifts-title">
          <Trans>Shifts</Trans>
        </Title>
        {manages ? <ExportMenu eventId={eventId} kind="box-office/shifts" params={{}} /> : null}
      </Group>
      <ListBody
        queries={[shifts]}
        empty={(list) =>
          !list.length && (
            <Text c="dimmed">
              <Trans>No shifts yet.</Trans>
            </Text>
          )
        }
      >
        {(list) => (
          <Table.ScrollContainer minWidth={640} type="native" tabIndex={0}>
            <Table verticalSpacing={6} data-testid="shifts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Staff</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Opened</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Closed</Trans>
                  </Table.Th>
                  <Table.Th ta="end">
                    <Trans>Cash expected</Trans>
                  </Table.Th>
                  <Table.Th ta="end">
                    <Trans>Counted</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Difference</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.staff.name}</Table.Td>
                    <Table.Td>{when(s.opened_at)}</Table.Td>
                    <Table.Td>{when(s.closed_at)}</Table.Td>
                    <Table.Td ta="end">{money(s.expected_cash)}</Table.Td>
                    <Table.Td ta="end">{s.counted_total === null ? '' : money(s.counted_total)}</Table.Td>
                    <Table.Td>
                      <DifferenceCell shift={s} money={money} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListBody>
    </section>
  );
}

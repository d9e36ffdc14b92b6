import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';

import type { AllocationDto, AllocationItemDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListBody } from '../../../components/ListBody';
import { isApiError, toFormErrors } from '../../../lib/api-error';
import { usePermission } from '../../users/hooks/usePermission';
import { useAllocation, useSetAllocation } from '../api/box-office';

const keyOf = (i: AllocationItemDto) => `${i.ticket_id}:${i.tier_id ?? ''}`;

/** A field's number as sent: an emptied field keeps nothing. */
const quantityOf = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);

/**
 * The lines of an allocation with their figures; those who manage the event change how many each keeps. Only the lines
 * changed are sent: the others may have sold since the screen loaded, and sending their old figure would take units
 * again.
 */
function AllocationForm({
  eventId,
  allocation,
  canEdit,
}: {
  eventId: number;
  allocation: AllocationDto;
  canEdit: boolean;
}) {
  const { t } = useLingui();
  const save = useSetAllocation(eventId, allocation.date_id);
  // What the organizer typed, per line; a line not typed in shows its kept units as they are now.
  const [drafts, setDrafts] = useState<Record<string, number | string>>({});
  // The lines of the last save, in the order sent: a refusal names a line by its place (`items.N.quantity`).
  const [sent, setSent] = useState<string[]>([]);

  const valueOf = (i: AllocationItemDto) => drafts[keyOf(i)] ?? i.kept;
  const changed = allocation.items.filter((i) => quantityOf(valueOf(i)) !== i.kept);
  const fields = isApiError(save.error) ? toFormErrors(save.error.fieldErrors) : {};
  const lineErrors: Record<string, string> = {};
  const otherErrors: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const line = /^items\.(\d+)\./.exec(field);
    const key = line ? sent[Number(line[1])] : undefined;
    if (key) lineErrors[key] = lineErrors[key] ? `${lineErrors[key]} ${message}` : message;
    else otherErrors.push(message);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed.length) return;
    setSent(changed.map(keyOf));
    save.mutate(
      {
        items: changed.map((i) => ({
          ticket_id: i.ticket_id,
          tier_id: i.tier_id,
          quantity: quantityOf(valueOf(i)),
        })),
      },
      {
        onSuccess: () => {
          setDrafts({});
          notifications.show({ color: 'teal', message: t`The units kept for the door have been saved.` });
        },
      },
    );
  };

  const table = (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={6} data-testid="allocation-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Ticket</Trans>
            </Table.Th>
            <Table.Th ta="end">
              <Trans>Kept</Trans>
            </Table.Th>
            <Table.Th ta="end">
              <Trans>On staff devices</Trans>
            </Table.Th>
            <Table.Th ta="end">
              <Trans>Sold at the box office</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocation.items.map((i) => {
            const itemName = i.name;
            return (
              <Table.Tr key={keyOf(i)}>
                <Table.Td>{i.name}</Table.Td>
                <Table.Td ta="end">
                  {canEdit ? (
                    <NumberInput
                      aria-label={t`Kept for the door: ${itemName}`}
                      value={valueOf(i)}
                      onChange={(v) => setDrafts((d) => ({ ...d, [keyOf(i)]: v }))}
                      min={0}
                      max={10_000}
                      allowDecimal={false}
                      allowNegative={false}
                      error={lineErrors[keyOf(i)]}
                      w={{ base: 96, sm: 140 }}
                      ml="auto"
                    />
                  ) : (
                    i.kept
                  )}
                </Table.Td>
                <Table.Td ta="end">{i.claimed}</Table.Td>
                <Table.Td ta="end">{i.sold}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  if (!canEdit) return table;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {table}
        {otherErrors.length ? (
          <Alert color="red" variant="light" role="alert">
            {otherErrors.join(' ')}
          </Alert>
        ) : save.error && !Object.keys(lineErrors).length ? (
          <FormErrorAlert error={save.error} />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!changed.length}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Kept for the door" (issue #41): units of each ticket a date keeps for selling at the box office, also without a
 * network. They are taken from the event's stock at once (online buyers cannot buy them); staff devices take blocks of
 * them to sell when the network drops. Those who manage the event (`events.manage`, unless `canEdit` says otherwise)
 * change the figures; others see them.
 */
export function AllocationCard({ eventId, dateId, canEdit }: { eventId: number; dateId: number; canEdit?: boolean }) {
  const manages = usePermission('events.manage');
  const editable = canEdit ?? manages;
  const allocation = useAllocation(eventId, dateId);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="allocation-title"
      data-testid="allocation-card"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="allocation-title">
          <Trans>Kept for the door</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Units kept here are for selling at the box office, also without a network. They are taken from the event’s
            stock now, so online buyers cannot buy them; staff devices take blocks of them to sell when the network
            drops.
          </Trans>
          {editable ? (
            <>
              {' '}
              <Trans>Keep fewer to give units back to the online sale.</Trans>
            </>
          ) : null}
        </Text>
        <ListBody
          queries={[allocation]}
          empty={(a) =>
            !a.items.length && (
              <Text c="dimmed">
                <Trans>
                  Nothing here can be kept for the door: only tickets sold at the box office without a seat can.
                </Trans>
              </Text>
            )
          }
        >
          {(a) => <AllocationForm key={a.date_id} eventId={eventId} allocation={a} canEdit={editable} />}
        </ListBody>
      </Stack>
    </Card>
  );
}

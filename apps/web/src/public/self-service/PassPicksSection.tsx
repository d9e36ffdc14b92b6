import { formatOrderDate, type PassPicksDto, type PublicOrderDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { pickPassDate } from './self-service-api';
import { useSubmitChange } from './use-submit-change';

/**
 * Passes for any N dates (the order complete): how many of its dates each has picked, and a form to pick the next
 * from the dates it may still take. Each pick is a ticket of its own, listed with the order's tickets.
 */
export function PassPicksSection({
  order,
  onChange,
}: {
  order: PublicOrderDto;
  onChange: (order: PublicOrderDto) => void;
}) {
  const [announce, setAnnounce] = useState('');
  if (!order.pass_picks?.length) return null;
  return (
    <Stack component="section" aria-labelledby="pass-picks-heading" gap="sm" data-testid="pass-picks">
      <Title order={2} size="h4" id="pass-picks-heading">
        <Trans>Pick your dates</Trans>
      </Title>
      {order.pass_picks.map((pass) => (
        <PassPicks
          key={pass.ticket_id}
          order={order}
          pass={pass}
          onPicked={(next, said) => {
            onChange(next);
            setAnnounce(said);
          }}
        />
      ))}
      <Text role="status" aria-live="polite" size="sm" c="grape.8">
        {announce}
      </Text>
    </Stack>
  );
}

function PassPicks({
  order,
  pass,
  onPicked,
}: {
  order: PublicOrderDto;
  pass: PassPicksDto;
  onPicked: (order: PublicOrderDto, announcement: string) => void;
}) {
  const { t, i18n } = useLingui();
  const label = (d: PassPicksDto['choosable'][number]) => formatOrderDate(d, order.event.timezone, i18n.locale);
  const form = useForm({ initialValues: { event_date_id: String(pass.choosable[0]?.id ?? '') } });
  const { submit, failure, busy } = useSubmitChange(form, async (values) => {
    const dateId = Number(values.event_date_id);
    const picked = pass.choosable.find((d) => d.id === dateId);
    const next = await pickPassDate(
      order.event.id,
      order.short_id,
      { ticket_id: pass.ticket_id, event_date_id: dateId },
      i18n.locale,
    );
    // The next date offered is the first still open (the form stays, and keeps focus where it was).
    const still = next.pass_picks?.find((p) => p.ticket_id === pass.ticket_id)?.choosable ?? [];
    form.setFieldValue('event_date_id', String(still[0]?.id ?? ''));
    onPicked(next, picked ? t`Added ${label(picked)}: its ticket is with your tickets.` : '');
  });
  const left = pass.picks - pass.picked;
  const name = pass.ticket_name;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <Plural
          value={pass.picks}
          one={`${name}: ${pass.picked} of # date picked`}
          other={`${name}: ${pass.picked} of # dates picked`}
        />
      </Text>
      {left > 0 && pass.choosable.length > 0 ? (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={t`Date for ${name}`}
              data={pass.choosable.map((d) => ({ value: String(d.id), label: label(d) }))}
              style={{ flex: 1, minWidth: 220 }}
              {...form.getInputProps('event_date_id')}
            />
            <Button type="submit" loading={busy}>
              <Trans>Add this date</Trans>
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          {left > 0 ? (
            <Trans>No date can be picked right now.</Trans>
          ) : (
            <Trans>Every date of this pass is picked.</Trans>
          )}
        </Text>
      )}
      <FormErrorAlert error={failure} />
    </Stack>
  );
}

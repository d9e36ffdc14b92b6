import { toMinorUnits } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { MoneyInput } from '../../../components/MoneyInput';
import { useOpenShift } from '../api/box-office';

/** No shift yet: the cash in the drawer, and the shift opens. */
export function OpenShiftCard({ eventId, currency }: { eventId: number; currency: string }) {
  const { t } = useLingui();
  const [float, setFloat] = useState<number | string>(0);
  const open = useOpenShift(eventId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    open.mutate(toMinorUnits(Number(float) || 0, currency));
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="open-shift-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <Group gap="sm">
            <IconCashRegister size={26} aria-hidden />
            <Title order={2} size="h3" id="open-shift-title">
              <Trans>Open a shift</Trans>
            </Title>
          </Group>
          <Text c="dimmed">
            <Trans>
              Count the cash in the drawer before the first sale. You count it again when you close the shift.
            </Trans>
          </Text>
          <MoneyInput
            label={t`Cash in the drawer (float)`}
            currency={currency}
            value={float}
            onChange={setFloat}
            size="lg"
          />
          <FormErrorAlert error={open.error} />
          <Button type="submit" size="lg" loading={open.isPending}>
            <Trans>Open shift</Trans>
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconEyeOff, IconPlus, IconTrash } from '@tabler/icons-react';

import { MoneyInput } from '../../../components/MoneyInput';
import { WallClockPicker } from '../../../components/WallClockPicker';
import { newTier, type TicketValues } from '../ticket-form';

/** Price tiers of a tiered ticket: label, price, quantity or unlimited, optional sale window, hidden. */
export function TicketTiersEditor({ form, currency }: { form: UseFormReturnType<TicketValues>; currency: string }) {
  const { t } = useLingui();
  const tiers = form.values.tiers;
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        <Trans>Price tiers</Trans>
      </Text>
      {form.errors.tiers ? (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.tiers}
        </Text>
      ) : null}
      {tiers.map((tier, i) => {
        const n = i + 1;
        const path = `tiers.${i}`;
        const lockedId = `tier-${tier.key}-locked`;
        return (
          <Card key={tier.key} withBorder radius="md" padding="sm" data-testid="tier-row">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  <Trans>Tier {n}</Trans>
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t`Remove tier ${n}`}
                  aria-describedby={tier.has_sales ? lockedId : undefined}
                  disabled={tiers.length === 1 || tier.has_sales}
                  onClick={() => form.removeListItem('tiers', i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {tier.has_sales ? (
                <Group gap="sm" justify="space-between" wrap="wrap" data-testid="tier-has-sales">
                  <Text size="sm" c="dimmed" id={lockedId} style={{ flex: 1, minWidth: 200 }}>
                    <Trans>This tier has sales and cannot be removed. You can hide it instead.</Trans>
                  </Text>
                  {tier.is_hidden ? null : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconEyeOff size={14} aria-hidden />}
                      onClick={() => form.setFieldValue(`${path}.is_hidden`, true)}
                    >
                      <Trans>Hide tier {n}</Trans>
                    </Button>
                  )}
                </Group>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={t`Tier ${n} label`}
                  placeholder={t`e.g. Early bird`}
                  required
                  {...form.getInputProps(`${path}.label`)}
                />
                <MoneyInput
                  label={t`Tier ${n} price`}
                  currency={currency}
                  required
                  {...form.getInputProps(`${path}.price`)}
                />
                <NumberInput
                  label={t`Tier ${n} quantity`}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  disabled={tier.unlimited}
                  {...form.getInputProps(`${path}.quantity`)}
                />
              </SimpleGrid>
              <Group gap="lg">
                <Checkbox
                  label={t`Unlimited`}
                  aria-label={t`Tier ${n} unlimited`}
                  {...form.getInputProps(`${path}.unlimited`, { type: 'checkbox' })}
                />
                <Checkbox
                  label={t`Hidden`}
                  aria-label={t`Tier ${n} hidden`}
                  {...form.getInputProps(`${path}.is_hidden`, { type: 'checkbox' })}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <WallClockPicker label={t`Tier ${n} sale starts`} {...form.getInputProps(`${path}.sale_start`)} />
                <WallClockPicker label={t`Tier ${n} sale ends`} {...form.getInputProps(`${path}.sale_end`)} />
              </SimpleGrid>
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('tiers', newTier())}
        >
          <Trans>Add tier</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

import '@mantine/core/styles/Code.css';

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Code, Input, SimpleGrid, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

import { EVENT_TYPE_GROUPS, EVENT_TYPE_LABELS } from '../webhook-labels';

interface EventTypeChecklistProps {
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  error?: ReactNode;
}

/** Checked when all of `types` are chosen, half-checked when some are. */
const stateOf = (value: readonly WebhookEventType[], types: readonly WebhookEventType[]) => {
  const chosen = types.filter((t) => value.includes(t)).length;
  return { checked: chosen === types.length, indeterminate: chosen > 0 && chosen < types.length };
};

/** The kinds of events a webhook receives: grouped checkboxes, each group and all of them toggled at once. */
export function EventTypeChecklist({ value, onChange, error }: EventTypeChecklistProps) {
  const { t, i18n } = useLingui();
  const labelId = useId();
  const errorId = useId();
  // Kept in the contract's order, whatever order they were ticked in.
  const set = (types: Iterable<WebhookEventType>) => {
    const chosen = new Set(types);
    onChange(WEBHOOK_EVENT_TYPES.filter((t) => chosen.has(t)));
  };
  const toggle = (types: readonly WebhookEventType[], on: boolean) =>
    set(on ? [...value, ...types] : value.filter((t) => !types.includes(t)));

  return (
    <Input.Wrapper
      label={t`Events to send`}
      description={t`The webhook receives only the kinds of events you tick.`}
      required
      error={error}
      labelElement="div"
      labelProps={{ id: labelId }}
      errorProps={{ id: errorId }}
    >
      <Stack gap="sm" mt={6} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
        <Checkbox
          label={t`Select all`}
          {...stateOf(value, WEBHOOK_EVENT_TYPES)}
          onChange={(e) => toggle(WEBHOOK_EVENT_TYPES, e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {EVENT_TYPE_GROUPS.map((group) => {
            const name = i18n._(group.label);
            return (
              <Stack key={group.types[0]} gap={6} role="group" aria-label={name}>
                <Checkbox
                  label={name}
                  fw={600}
                  {...stateOf(value, group.types)}
                  onChange={(e) => toggle(group.types, e.currentTarget.checked)}
                />
                <Stack gap={6} pl="lg">
                  {group.types.map((type) => (
                    <Checkbox
                      key={type}
                      label={i18n._(EVENT_TYPE_LABELS[type])}
                      description={<Code>{type}</Code>}
                      checked={value.includes(type)}
                      onChange={(e) => toggle([type], e.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Input.Wrapper>
  );
}

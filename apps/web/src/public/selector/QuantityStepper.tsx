import { useLingui } from '@lingui/react/macro';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

import { normalizeQuantity } from './selection';

interface QuantityStepperProps {
  /** What is being counted ("Standard", "Front stage – Early bird"): names the input and its buttons. */
  name: string;
  value: number;
  min: number;
  max: number;
  onChange: (quantity: number) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Why + stops here ("Max 4 per order"), shown under the buttons while the value is at `max`. */
  limit?: ReactNode;
  /** The id of that sentence: a polite live region, so a screen reader hears it when it appears. */
  limitId: string;
}

/**
 * − [n] + : a labelled number field whose value stays within 0..max and never below the minimum.
 * When the value is at `max`, + is disabled and the reason says why, beside it and to screen readers.
 */
export function QuantityStepper({
  name,
  value,
  min,
  max,
  onChange,
  invalid,
  describedBy,
  limit,
  limitId,
}: QuantityStepperProps) {
  const { t } = useLingui();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (raw: number) => {
    const next = normalizeQuantity(raw, min, max, value);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  const disabled = max <= 0;
  const atLimit = Boolean(limit) && value >= max;
  const inputDescribedBy = [describedBy, atLimit ? limitId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Stack gap={4} align="flex-end">
      <Group gap={6} wrap="nowrap">
        <Button
          variant="default"
          px={0}
          w={36}
          h={36}
          aria-label={t`One less ${name}`}
          disabled={disabled || value <= 0}
          onClick={() => commit(value - 1)}
        >
          <IconMinus size={16} aria-hidden />
        </Button>
        <Input
          w={56}
          value={text}
          inputMode="numeric"
          aria-label={t`Quantity of ${name}`}
          // Our own aria attributes (Mantine's would replace them with its wrapper's, and there is none).
          withAria={false}
          aria-invalid={invalid || undefined}
          aria-describedby={inputDescribedBy}
          aria-disabled={disabled || undefined}
          readOnly={disabled}
          error={invalid}
          styles={{ input: { textAlign: 'center' } }}
          onChange={(e) => setText(e.currentTarget.value.replace(/[^0-9]/g, ''))}
          onBlur={() => commit(Number(text || 0))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(Number(text || 0));
            else if (e.key === 'ArrowUp') {
              e.preventDefault();
              commit(value + 1);
            } else if (e.key === 'ArrowDown') {
              e.preventDefault();
              commit(value - 1);
            }
          }}
        />
        <Button
          variant="default"
          px={0}
          w={36}
          h={36}
          aria-label={t`One more ${name}`}
          aria-describedby={atLimit ? limitId : undefined}
          disabled={disabled || value >= max}
          onClick={() => commit(value + 1)}
        >
          <IconPlus size={16} aria-hidden />
        </Button>
      </Group>
      {/* Always in the page (empty until needed): a live region must exist before its text changes. */}
      <Text id={limitId} size="xs" c="dimmed" ta="end" aria-live="polite" data-testid="quantity-limit">
        {atLimit ? limit : null}
      </Text>
    </Stack>
  );
}

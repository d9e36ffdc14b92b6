import { useLingui } from '@lingui/react/macro';
import { Button, Group, Input } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
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
}

/** − [n] + : a labelled number field whose value stays within 0..max and never below the minimum. */
export function QuantityStepper({ name, value, min, max, onChange, invalid, describedBy }: QuantityStepperProps) {
  const { t } = useLingui();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (raw: number) => {
    const next = normalizeQuantity(raw, min, max, value);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  const disabled = max <= 0;

  return (
    <Group gap={6} wrap="nowrap">
      <Button variant="default" px={0} w={36} h={36} aria-label={t`One less ${name}`} disabled={disabled || value <= 0} onClick={() => commit(value - 1)}>
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
        aria-describedby={describedBy}
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
      <Button variant="default" px={0} w={36} h={36} aria-label={t`One more ${name}`} disabled={disabled || value >= max} onClick={() => commit(value + 1)}>
        <IconPlus size={16} aria-hidden />
      </Button>
    </Group>
  );
}

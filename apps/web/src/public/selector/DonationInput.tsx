import type { PublicTicketDto } from '@admitone/shared';
import { formatMoney, fromMinorUnits } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { useState } from 'react';

import { parseMajorAmount } from './selection';

interface DonationInputProps {
  ticket: PublicTicketDto;
  currency: string;
  /** Minor units; null: not typed yet (the minimum is used); -1: not a number. */
  value: number | null;
  onChange: (minor: number | null) => void;
  serverError?: string;
}

/** What the buyer gives per ticket, in major units of the event's currency, at least the minimum. */
export function DonationInput({ ticket, currency, value, onChange, serverError }: DonationInputProps) {
  const { t, i18n } = useLingui();
  const minimum = ticket.min_price ?? 0;
  const [text, setText] = useState(String(fromMinorUnits(value === null || value < 0 ? minimum : value, currency)));
  const parsed = parseMajorAmount(text, currency);
  const min = formatMoney(minimum, currency, i18n.locale);
  const localError =
    text.trim() === '' || parsed === null
      ? t`Enter an amount`
      : parsed < minimum
        ? t`The minimum is ${min}`
        : undefined;
  const name = ticket.name;

  return (
    <TextInput
      label={t`Amount per ticket for ${name} (${currency})`}
      description={t`At least ${min}`}
      value={text}
      inputMode="decimal"
      maw={220}
      error={localError ?? serverError}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onChange(parseMajorAmount(next, currency) ?? -1);
      }}
    />
  );
}

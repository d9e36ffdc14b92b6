import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';

import type { EventDateStatus } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, type NumberInputProps, Select, type SelectProps } from '@mantine/core';

import { EDITABLE_STATUSES } from '../event-date-view';
import { STATUS_LABELS } from './DateStatusBadge';

/** A date's capacity in the date forms: a whole number, or empty for none of its own. */
export function DateCapacityInput(props: NumberInputProps) {
  const { t } = useLingui();
  return (
    <NumberInput
      label={t`Capacity`}
      description={t`Empty: only the tickets' quantities limit it.`}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator={false}
      {...props}
    />
  );
}

/** A date's status in the date forms: the ones an organizer may choose, unless `statuses` names others. */
export function DateStatusSelect({
  statuses = EDITABLE_STATUSES,
  ...props
}: Omit<SelectProps, 'data'> & { statuses?: readonly EventDateStatus[] }) {
  const { t, i18n } = useLingui();
  return (
    <Select
      label={t`Status`}
      allowDeselect={false}
      data={statuses.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) }))}
      {...props}
    />
  );
}

import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import type { OrganizerDto, Paginated } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { MultiSelect } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface OrganizersMultiSelectProps {
  /** The account's organizers (useOrganizers), asked for by the form before this field shows. */
  organizers: UseQueryResult<Paginated<OrganizerDto>>;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: ReactNode;
}

/**
 * The organizers an Organizer-role member is limited to. None chosen is the usual case, every organizer, so the field
 * is optional and says what empty means.
 */
export function OrganizersMultiSelect({ organizers, value, onChange, error }: OrganizersMultiSelectProps) {
  const { t } = useLingui();
  return (
    <MultiSelect
      label={t`Limit to organizers`}
      description={t`Leave empty to give access to every organizer and their events. A limited organizer sees only these organizers' events, reports and exports.`}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t`Clear the organizers` }}
      disabled={organizers.isPending}
      placeholder={organizers.isPending ? t`Loading organizers…` : value.length ? undefined : t`All organizers`}
      nothingFoundMessage={t`No organizers found`}
      data={(organizers.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      error={error}
    />
  );
}

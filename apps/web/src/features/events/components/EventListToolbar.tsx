import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';

import type { OrganizerDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { CloseButton, Group, SegmentedControl, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId } from 'react';

import {
  EVENT_SORT_OPTIONS,
  type EventListState,
  type EventSortOption,
  hasFilter,
  type LifecycleFilter,
  STATUS_FILTERS,
  type StatusFilter,
} from '../hooks/useEventListParams';

interface EventListToolbarProps {
  state: EventListState;
  onChange: (patch: Partial<EventListState>) => void;
  /** The search box text; it reaches the list (and the URL) after a short pause in typing. */
  searchText: string;
  onSearchText: (text: string) => void;
  /** The account's organizers, for the organizer filter. */
  organizers: OrganizerDto[];
}

const ALL = 'all';

/** Search (debounced), sort, and the status, organizer and lifecycle filters of the event list. */
export function EventListToolbar({ state, onChange, searchText, onSearchText, organizers }: EventListToolbarProps) {
  const { t } = useLingui();
  const filterLabelId = useId();
  const sortHintId = useId();
  const pushQuery = useDebouncedCallback((value: string) => onChange({ query: value }), 350);
  const sortLabels: Record<EventSortOption, string> = {
    'start_date:desc': t`Start date (latest first)`,
    'start_date:asc': t`Start date (earliest first)`,
    'created_at:desc': t`Created (newest first)`,
    'created_at:asc': t`Created (oldest first)`,
    'title:asc': t`Title (A–Z)`,
    'title:desc': t`Title (Z–A)`,
  };
  const statusLabels: Record<StatusFilter, string> = {
    all: t`All statuses`,
    DRAFT: t`Draft`,
    LIVE: t`Live`,
    ARCHIVED: t`Archived`,
  };
  const filtered = hasFilter(state);

  return (
    <Stack gap={6} mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t`Search events`}
          placeholder={t`Search by title`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => {
            onSearchText(e.currentTarget.value);
            pushQuery(e.currentTarget.value);
          }}
          rightSection={
            searchText ? (
              <CloseButton
                aria-label={t`Clear search`}
                onClick={() => {
                  onSearchText('');
                  pushQuery.cancel();
                  onChange({ query: '' });
                }}
              />
            ) : null
          }
          rightSectionPointerEvents="all"
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label={t`Sort by`}
          data={EVENT_SORT_OPTIONS.map((value) => ({ value, label: sortLabels[value] }))}
          value={state.sort}
          onChange={(value) => value && onChange({ sort: value as EventSortOption })}
          allowDeselect={false}
          disabled={filtered}
          aria-describedby={filtered ? sortHintId : undefined}
          w={{ base: '100%', xs: 270 }}
        />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t`Status`}
          data={STATUS_FILTERS.map((value) => ({ value, label: statusLabels[value] }))}
          value={state.status}
          onChange={(value) => value && onChange({ status: value as StatusFilter })}
          allowDeselect={false}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t`Organizer`}
          data={[
            { value: ALL, label: t`All organizers` },
            ...organizers.map((o) => ({ value: String(o.id), label: o.name })),
          ]}
          value={state.organizer === null ? ALL : String(state.organizer)}
          onChange={(value) => onChange({ organizer: !value || value === ALL ? null : Number(value) })}
          allowDeselect={false}
          searchable={organizers.length > 8}
          w={{ base: '100%', xs: 240 }}
        />
        <div>
          <VisuallyHidden id={filterLabelId}>{t`Show events`}</VisuallyHidden>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            value={state.lifecycle}
            onChange={(value) => onChange({ lifecycle: value as LifecycleFilter })}
            data={[
              { value: 'all', label: t`All` },
              { value: 'UPCOMING', label: t`Upcoming` },
              { value: 'ENDED', label: t`Ended` },
            ]}
          />
        </div>
      </Group>
      {filtered ? (
        <Text id={sortHintId} size="sm" c="dimmed">
          {t`Sorting is off while a filter is applied.`}
        </Text>
      ) : null}
    </Stack>
  );
}

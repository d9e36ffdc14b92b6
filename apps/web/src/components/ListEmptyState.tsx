import '@mantine/core/styles/EmptyState.css';

import { Trans } from '@lingui/react/macro';
import { Button, Card, EmptyState } from '@mantine/core';
import { IconSearchOff, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ListEmptyStateProps {
  icon: TablerIcon;
  title: string;
  description: string;
  /** The buttons that get the list started (e.g. "Create …"). */
  children?: ReactNode;
}

/** What a list shows instead of rows: an icon, a sentence or two and what to do next. */
export function ListEmptyState({ icon: Icon, title, description, children }: ListEmptyStateProps) {
  return (
    <Card withBorder radius="md" py="xl">
      <EmptyState icon={<Icon size={28} aria-hidden />} variant="light" title={title} description={description}>
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Card>
  );
}

interface NoMatchesProps {
  title: string;
  description: string;
  onClear: () => void;
  /** The clearing button's text; "Clear search" unless given. */
  clearLabel?: ReactNode;
}

/** The empty state of a search (or filters) that matches nothing, with a button that clears it. */
export function NoMatches({ title, description, onClear, clearLabel = <Trans>Clear search</Trans> }: NoMatchesProps) {
  return (
    <ListEmptyState icon={IconSearchOff} title={title} description={description}>
      <Button variant="default" onClick={onClear}>
        {clearLabel}
      </Button>
    </ListEmptyState>
  );
}

import '@mantine/core/styles/Menu.css';

import { Trans } from '@lingui/react/macro';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a row of a SortableList can do; `first` and `last` turn off the moves it cannot make. */
export interface SortableRowActions {
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
}

interface SortableRowMenuProps extends SortableRowActions {
  /** The menu button's accessible name ("Actions for Standard"). */
  label: string;
  /** More items, after the moves and before "Delete". */
  children?: ReactNode;
}

/** The "…" menu of a row in a SortableList: edit, move up, move down, (more,) delete. */
export function SortableRowMenu({ label, first, last, onEdit, onMove, onDelete, children }: SortableRowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          <Trans>Edit</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowUp size={16} aria-hidden />} disabled={first} onClick={() => onMove(-1)}>
          <Trans>Move up</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowDown size={16} aria-hidden />} disabled={last} onClick={() => onMove(1)}>
          <Trans>Move down</Trans>
        </Menu.Item>
        {children}
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

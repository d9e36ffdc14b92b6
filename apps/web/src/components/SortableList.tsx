import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SortableListProps<T extends { id: number }> {
  items: T[];
  /** The name screen readers announce for an item. */
  labelOf: (item: T) => string;
  /** Called with all ids in their new order. */
  onReorder: (ids: number[]) => void;
  /** Renders one row; put `handle` where the drag grip belongs. */
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  /** Rows that stay where they are (headings between groups): others move past them, they get no grip. */
  isFixed?: (item: T) => boolean;
  /**
   * With fixed headings: the name of the group a row would be in with the rows in this order (announced to screen
   * readers).
   */
  groupOf?: (ids: number[], id: number) => string;
}

interface HandleProps {
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (el: HTMLElement | null) => void;
}

function DragHandle({ label, attributes, listeners, setActivatorNodeRef }: HandleProps) {
  return (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
}

function SortableRow<T extends { id: number }>({
  item,
  label,
  render,
  fixed,
}: {
  item: T;
  label: string;
  render: SortableListProps<T>['renderItem'];
  fixed: boolean;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: fixed ? { draggable: true } : false,
  });
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative' as const,
    zIndex: isDragging ? 2 : undefined,
  };
  return (
    <li ref={setNodeRef} style={style} data-dragging={isDragging || undefined}>
      {render(
        item,
        fixed ? null : (
          <DragHandle
            label={t`Reorder ${label}`}
            attributes={attributes}
            listeners={listeners}
            setActivatorNodeRef={setActivatorNodeRef}
          />
        ),
      )}
    </li>
  );
}

/** A vertical list reordered by dragging a row's grip, with the mouse, touch or the keyboard (space, arrows, space). */
export function SortableList<T extends { id: number }>({
  items,
  labelOf,
  onReorder,
  renderItem,
  isFixed,
  groupOf,
}: SortableListProps<T>) {
  const { t } = useLingui();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => {
    const found = items.find((i) => i.id === id);
    return found ? labelOf(found) : '';
  };
  const positionOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : items.findIndex((i) => i.id === id) + 1;
  const total = items.length;
  /** The group the active row would land in when dropped over `over`. */
  const groupAt = (active: UniqueIdentifier, over: UniqueIdentifier | undefined) => {
    if (!groupOf || over === undefined) return null;
    const ids = items.map((i) => i.id);
    return groupOf(arrayMove(ids, ids.indexOf(Number(active)), ids.indexOf(Number(over))), Number(active));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const name = nameOf(active.id);
      return t`Picked up ${name}.`;
    },
    onDragOver: ({ active, over }) => {
      const name = nameOf(active.id);
      const position = positionOf(over?.id);
      const group = groupAt(active.id, over?.id);
      return group
        ? t`${name} moved to position ${position} of ${total}, in ${group}.`
        : t`${name} moved to position ${position} of ${total}.`;
    },
    onDragEnd: ({ active, over }) => {
      const name = nameOf(active.id);
      const position = positionOf(over?.id);
      const group = groupAt(active.id, over?.id);
      return group
        ? t`${name} dropped at position ${position} of ${total}, in ${group}.`
        : t`${name} dropped at position ${position} of ${total}.`;
    },
    onDragCancel: ({ active }) => {
      const name = nameOf(active.id);
      return t`Moving ${name} was cancelled.`;
    },
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onReorder(arrayMove(items, from, to).map((i) => i.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To reorder, press space or enter on the grip, move with the arrow keys, then press space or enter again. Escape cancels.`,
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          {items.map((item) => (
            <SortableRow
              key={item.id}
              item={item}
              label={labelOf(item)}
              render={renderItem}
              fixed={isFixed?.(item) ?? false}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** The ids with one moved a step up (-1) or down (+1); unchanged at either end. */
export function moveBy(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  return arrayMove(ids, from, to);
}

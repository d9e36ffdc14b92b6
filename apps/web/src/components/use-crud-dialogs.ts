import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { useLastValue } from '../lib/use-last-value';

/** A delete mutation by id (TanStack Query's useMutation result fits). */
export interface DeleteMutation<R> {
  mutate: (id: number, options: { onSuccess: (result: R) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

interface CrudDialogsOptions<T, R> {
  remove?: DeleteMutation<R>;
  /** The notice once `item` is deleted. */
  deletedNotice?: (item: T, result: R) => string;
}

/**
 * The state of a list screen's dialogs: the form (creating, or editing an item) and the delete
 * confirmation, and what confirming does (delete, close, say so). While a dialog fades out it keeps
 * showing what it was about.
 */
export function useCrudDialogs<T extends { id: number }, R = unknown>({
  remove,
  deletedNotice,
}: CrudDialogsOptions<T, R> = {}) {
  const [editing, setEditing] = useState<'new' | T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const shownEditing = useLastValue(editing);
  const shownDeleting = useLastValue(deleting);
  const close = () => setEditing(null);
  const closeDelete = () => {
    setDeleting(null);
    remove?.reset();
  };
  const confirmDelete = () => {
    if (!deleting || !remove) return;
    const item = deleting;
    remove.mutate(item.id, {
      onSuccess: (result) => {
        setDeleting(null);
        if (deletedNotice) notifications.show({ color: 'teal', message: deletedNotice(item, result) });
      },
    });
  };
  return {
    /** For the form's dialog: `<AppModal {...crud.formDialog} title=…>`. */
    formDialog: { opened: editing !== null, onClose: close },
    /** The form is for a new item. */
    isNew: shownEditing === 'new',
    /** The item in the form; undefined for a new one. */
    item: shownEditing === 'new' ? undefined : (shownEditing ?? undefined),
    create: () => setEditing('new'),
    edit: (item: T) => setEditing(item),
    close,
    /** The item to delete (null: the confirmation is closed). */
    deleting,
    /** The item the confirmation speaks of, also while it fades out. */
    shownDeleting,
    askDelete: (item: T) => setDeleting(item),
    closeDelete,
    confirmDelete,
    deletePending: remove?.isPending ?? false,
    deleteError: remove?.error ?? null,
  };
}

export type CrudDialogs<T extends { id: number }> = ReturnType<typeof useCrudDialogs<T>>;

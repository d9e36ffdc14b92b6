import { notifications } from '@mantine/notifications';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { type DeleteMutation, useCrudDialogs } from './use-crud-dialogs';

interface Item {
  id: number;
  name: string;
}

const standard: Item = { id: 7, name: 'Standard' };

/** A delete mutation that succeeds (with `result`) or fails at once. */
function fakeRemove(outcome: 'ok' | 'fail', result = { detached: 2 }) {
  const remove: DeleteMutation<typeof result> & { calls: number[] } = {
    calls: [],
    isPending: false,
    error: null,
    reset: vi.fn(),
    mutate: (id, { onSuccess }) => {
      remove.calls.push(id);
      if (outcome === 'ok') onSuccess(result);
    },
  };
  return remove;
}

describe('useCrudDialogs', () => {
  it('opens the form for a new item, then for an existing one, and keeps showing it while closing', () => {
    const { result } = renderHook(() => useCrudDialogs<Item>());
    expect(result.current.formDialog.opened).toBe(false);
    act(() => result.current.create());
    expect(result.current.formDialog.opened).toBe(true);
    expect(result.current.isNew).toBe(true);
    expect(result.current.item).toBeUndefined();
    act(() => result.current.edit(standard));
    expect(result.current.isNew).toBe(false);
    expect(result.current.item).toBe(standard);
    act(() => result.current.close());
    expect(result.current.formDialog.opened).toBe(false);
    expect(result.current.item).toBe(standard);
  });

  it('deletes the item asked about, closes the confirmation and says so', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const remove = fakeRemove('ok');
    const { result } = renderHook(() =>
      useCrudDialogs<Item, { detached: number }>({
        remove,
        deletedNotice: (item, r) => `${item.name} deleted (${r.detached})`,
      }),
    );
    act(() => result.current.askDelete(standard));
    expect(result.current.deleting).toBe(standard);
    act(() => result.current.confirmDelete());
    expect(remove.calls).toEqual([7]);
    expect(result.current.deleting).toBeNull();
    expect(result.current.shownDeleting).toBe(standard);
    expect(show).toHaveBeenCalledWith({ color: 'teal', message: 'Standard deleted (2)' });
    show.mockRestore();
  });

  it('keeps the confirmation open when the delete fails, and forgets the failure when closed', () => {
    const remove = fakeRemove('fail');
    const { result } = renderHook(() => useCrudDialogs<Item>({ remove }));
    act(() => result.current.askDelete(standard));
    act(() => result.current.confirmDelete());
    expect(result.current.deleting).toBe(standard);
    act(() => result.current.closeDelete());
    expect(result.current.deleting).toBeNull();
    expect(remove.reset).toHaveBeenCalled();
  });
});

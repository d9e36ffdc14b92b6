import { useCallback, useMemo, useReducer, useRef, useState } from 'react';

import { historyReducer, startHistory } from './history';
import type { Layout } from './layout-types';
import { NOTHING, type Selection } from './selection';

/** A change to the layout, from the layout as it is now. */
export type LayoutChange = (layout: Layout) => Layout;

/**
 * The editor's state: the layout with its undo history, the selection, and the layout last saved (the editor is
 * dirty while they differ). `change` adds an undo step, or with a merge key replaces the step of the same key
 * (a drag, typing in a field) until `seal`.
 */
export function usePlanEditor(initial: Layout) {
  const [history, dispatch] = useReducer(historyReducer<Layout>, initial, startHistory);
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const [saved, setSaved] = useState(initial);
  const current = useRef(history.present);
  current.current = history.present;

  const change = useCallback((edit: LayoutChange, merge?: string) => {
    const next = edit(current.current);
    current.current = next;
    dispatch({ type: 'change', next, merge });
  }, []);
  const seal = useCallback(() => dispatch({ type: 'seal' }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);

  return useMemo(
    () => ({
      layout: history.present,
      selection,
      setSelection,
      change,
      seal,
      undo,
      redo,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      dirty: history.present !== saved,
      markSaved: setSaved,
    }),
    [history, selection, saved, change, seal, undo, redo],
  );
}

export type PlanEditorState = ReturnType<typeof usePlanEditor>;

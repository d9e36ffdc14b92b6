/**
 * Undo and redo: the states before and after the present one. A change with a `merge` key equal to the last
 * change's replaces the present instead of adding a step (a drag is one step however many moves it makes).
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The last change's merge key, while the next change may merge into it. */
  merging?: string;
}

export type HistoryAction<T> =
  | { type: 'change'; next: T; merge?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  /** A fresh start (the saved plan): no steps to undo. */
  | { type: 'reset'; present: T }
  /** The next change starts a step of its own, whatever its merge key. */
  | { type: 'seal' };

/** The most steps kept to undo. */
export const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'change': {
      if (action.next === state.present) return state;
      if (action.merge && action.merge === state.merging) return { ...state, present: action.next, future: [] };
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: action.next,
        future: [],
        merging: action.merge,
      };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return { past: [...state.past, state.present], present: next, future: rest };
    }
    case 'reset':
      return startHistory(action.present);
    case 'seal':
      return state.merging === undefined ? state : { ...state, merging: undefined };
  }
}

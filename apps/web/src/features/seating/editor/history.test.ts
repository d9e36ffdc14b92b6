import { describe, expect, it } from 'vitest';

import { HISTORY_LIMIT, historyReducer, startHistory } from './history';

describe('historyReducer', () => {
  it('undoes and redoes changes; a new change drops what could be redone', () => {
    let h = startHistory('a');
    h = historyReducer(h, { type: 'change', next: 'b' });
    h = historyReducer(h, { type: 'change', next: 'c' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe('b');
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe('a');
    expect(historyReducer(h, { type: 'undo' })).toBe(h);
    h = historyReducer(h, { type: 'redo' });
    expect(h).toMatchObject({ past: ['a'], present: 'b', future: ['c'] });
    h = historyReducer(h, { type: 'change', next: 'd' });
    expect(h).toMatchObject({ past: ['a', 'b'], present: 'd', future: [] });
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });

  it('merges changes with the same key into one step until sealed', () => {
    let h = startHistory(0);
    h = historyReducer(h, { type: 'change', next: 1, merge: 'drag' });
    h = historyReducer(h, { type: 'change', next: 2, merge: 'drag' });
    expect(h).toMatchObject({ past: [0], present: 2 });
    h = historyReducer(h, { type: 'seal' });
    h = historyReducer(h, { type: 'change', next: 3, merge: 'drag' });
    expect(h).toMatchObject({ past: [0, 2], present: 3 });
    h = historyReducer(h, { type: 'undo' });
    h = historyReducer(h, { type: 'change', next: 4, merge: 'drag' });
    expect(h).toMatchObject({ past: [0, 2], present: 4 });
  });

  it('keeps a bounded number of steps and starts afresh on reset', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = historyReducer(h, { type: 'change', next: i });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
    expect(historyReducer(h, { type: 'reset', present: 7 })).toEqual({ past: [], present: 7, future: [] });
  });
});

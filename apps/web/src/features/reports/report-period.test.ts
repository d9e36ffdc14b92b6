import { describe, expect, it } from 'vitest';

import { dayParam, periodProblem, presetOf, presetPeriod } from './report-period';

describe('report periods', () => {
  it('counts the last N days up to today, both included', () => {
    expect(presetPeriod('all', '2027-03-05')).toEqual({ from: null, to: null });
    expect(presetPeriod('last-7', '2027-03-05')).toEqual({ from: '2027-02-27', to: '2027-03-05' });
    expect(presetPeriod('last-30', '2027-03-05')).toEqual({ from: '2027-02-04', to: '2027-03-05' });
  });

  it('recognises a quick choice, and no other period', () => {
    expect(presetOf({ from: '2027-02-27', to: '2027-03-05' }, '2027-03-05')).toBe('last-7');
    expect(presetOf({ from: null, to: null }, '2027-03-05')).toBe('all');
    expect(presetOf({ from: '2027-02-27', to: '2027-03-04' }, '2027-03-05')).toBeNull();
  });

  it('takes only real days from the address and says what is wrong with a period', () => {
    expect(dayParam('2027-02-28')).toBe('2027-02-28');
    expect(dayParam('2027-02-30')).toBeNull();
    expect(dayParam('yesterday')).toBeNull();
    expect(periodProblem({ from: '2027-03-05', to: '2027-03-01' })).toBe('order');
    expect(periodProblem({ from: '2000-01-01', to: '2020-01-01' })).toBe('length');
    expect(periodProblem({ from: '2027-03-01', to: '2027-03-01' })).toBeNull();
    expect(periodProblem({ from: '2027-03-01', to: null })).toBeNull();
  });
});

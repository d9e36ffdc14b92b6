import { describe, expect, it } from 'vitest';
import { parseEventListState, toEventListParams } from './useEventListParams';

describe('event list state', () => {
  it('reads defaults from an empty address', () => {
    expect(parseEventListState(new URLSearchParams())).toEqual({ page: 1, query: '', sort: 'start_date:desc', lifecycle: 'all' });
  });

  it('ignores unknown values', () => {
    const state = parseEventListState(new URLSearchParams('page=-3&sort=price:asc&lifecycle=SOON'));
    expect(state).toMatchObject({ page: 1, sort: 'start_date:desc', lifecycle: 'all' });
  });

  it('sends sorting when no filter is applied', () => {
    const params = toEventListParams({ page: 2, query: ' jazz ', sort: 'title:asc', lifecycle: 'all' });
    expect(params).toEqual({ page: 2, per_page: 20, query: 'jazz', sort_by: 'title', sort_direction: 'asc' });
  });

  it('drops sorting while a filter is applied (SPEC §3)', () => {
    const params = toEventListParams({ page: 1, query: '', sort: 'title:asc', lifecycle: 'UPCOMING' });
    expect(params).toEqual({ page: 1, per_page: 20, filter_fields: { lifecycle: 'UPCOMING' } });
  });
});

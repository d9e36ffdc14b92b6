import { describe, expect, it } from 'vitest';

import { type EventListState, hasFilter, parseEventListState, toEventListParams } from './useEventListParams';

const base: EventListState = {
  page: 1,
  query: '',
  sort: 'start_date:desc',
  lifecycle: 'all',
  status: 'all',
  organizer: null,
};

describe('event list state', () => {
  it('reads defaults from an empty address', () => {
    expect(parseEventListState(new URLSearchParams())).toEqual(base);
  });

  it('reads status and organizer filters', () => {
    expect(parseEventListState(new URLSearchParams('status=ARCHIVED&organizer=7'))).toMatchObject({
      status: 'ARCHIVED',
      organizer: 7,
    });
  });

  it('ignores unknown values', () => {
    const state = parseEventListState(
      new URLSearchParams('page=-3&sort=price:asc&lifecycle=SOON&status=GONE&organizer=abc'),
    );
    expect(state).toMatchObject({ page: 1, sort: 'start_date:desc', lifecycle: 'all', status: 'all', organizer: null });
  });

  it('sends sorting when no filter is applied', () => {
    const params = toEventListParams({ ...base, page: 2, query: ' jazz ', sort: 'title:asc' });
    expect(params).toEqual({ page: 2, per_page: 20, query: 'jazz', sort_by: 'title', sort_direction: 'asc' });
  });

  it.each<[string, Partial<EventListState>, object]>([
    ['lifecycle', { lifecycle: 'UPCOMING' }, { lifecycle: 'UPCOMING' }],
    ['status', { status: 'DRAFT' }, { status: 'DRAFT' }],
    ['organizer', { organizer: 3 }, { organizer_id: 3 }],
    [
      'all three',
      { lifecycle: 'ENDED', status: 'LIVE', organizer: 3 },
      { lifecycle: 'ENDED', status: 'LIVE', organizer_id: 3 },
    ],
  ])('drops sorting while the %s filter is applied (SPEC §3)', (_name, patch, filters) => {
    const state = { ...base, sort: 'title:asc' as const, ...patch };
    expect(hasFilter(state)).toBe(true);
    expect(toEventListParams(state)).toEqual({ page: 1, per_page: 20, filter_fields: filters });
  });
});

import { AFFILIATE_SORTS, type AffiliateSort, LIMITS } from '@admitone/shared';

import {
  type BaseListState,
  type ListSort,
  readBaseListState,
  useUrlListState,
  writeBaseListState,
} from '../../../lib/url-list-state';
import type { AffiliateListParams } from '../api/affiliates';

export const DEFAULT_AFFILIATE_SORT: ListSort<AffiliateSort> = { by: 'revenue', direction: 'desc' };
const KEYS = ['page', 'query', 'sort'] as const;

export const parseAffiliateListState = (search: URLSearchParams): BaseListState<AffiliateSort> =>
  readBaseListState(search, AFFILIATE_SORTS, DEFAULT_AFFILIATE_SORT);
export const writeAffiliateListState = (params: URLSearchParams, state: BaseListState<AffiliateSort>) =>
  writeBaseListState(params, state, DEFAULT_AFFILIATE_SORT);

/** The API parameters for a list state. */
export function toAffiliateListParams(state: BaseListState<AffiliateSort>): AffiliateListParams {
  const query = state.query.trim();
  return {
    page: state.page,
    per_page: LIMITS.PER_PAGE_DEFAULT,
    sort_by: state.sort.by,
    sort_direction: state.sort.direction,
    ...(query ? { query } : {}),
  };
}

/** Page, search and sort of the affiliates list, kept in the address bar. */
export const useAffiliateListState = () => useUrlListState(parseAffiliateListState, writeAffiliateListState, KEYS);

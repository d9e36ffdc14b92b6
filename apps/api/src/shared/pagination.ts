import type { PageMeta, Paginated } from '@admitone/shared';
import { and, type SQL, sql } from 'drizzle-orm';

export interface PageRequest {
  page: number;
  per_page: number;
}

export const offsetOf = (p: PageRequest) => (p.page - 1) * p.per_page;

/** Builds the `{ data, meta }` answer of every list. */
export function paginated<T>(
  rows: T[],
  total: number,
  p: PageRequest,
  allowed: { sorts: readonly string[]; filters: readonly string[] },
  extra?: Pick<PageMeta, 'passed_on'>,
): Paginated<T> {
  const meta: PageMeta = {
    current_page: p.page,
    per_page: p.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / p.per_page)),
    allowed_sorts: [...allowed.sorts],
    allowed_filter_fields: [...allowed.filters],
    has_more: p.page * p.per_page < total,
    next_cursor: null,
    ...extra,
  };
  return { data: rows, meta };
}

/** The `{ data, meta }` answer of a list that is never paged (everything on one page). */
export const wholeList = <T>(data: T[]): Paginated<T> => ({
  data,
  meta: {
    current_page: 1,
    per_page: data.length,
    total: data.length,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
});

/** Splits a word around each Han, kana or Hangul character, keeping the character. */
const EAST_ASIAN_CHARACTER = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/u;

/** Escapes LIKE wildcards in a search term. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search as people type it: every word must appear in `haystack` (in any order: "dubois camille"
 * finds Camille Dubois), with accents and case ignored on both sides (`search_fold`, migration 0050:
 * "leo" finds Léo). `haystack` is the expression without folding; an index on search_fold(haystack)
 * serves each word. Chinese, Japanese and Korean are written without spaces and names family name first
 * ("王芳" for first name 芳, last name 王): each of their characters is a word of its own. At most 8
 * words are looked at.
 */
export function wordsFound(haystack: SQL, term: string): SQL | undefined {
  const words = term
    .trim()
    .split(/\s+/)
    .flatMap((w) => w.split(EAST_ASIAN_CHARACTER))
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`search_fold(${haystack}) like search_fold(${likePattern(w)})`));
}

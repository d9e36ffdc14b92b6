/**
 * People's names as their language writes them. Chinese, Japanese and Korean names put the family
 * name first with no space ("王芳"); other names the given name first ("Ada Lovelace"). The script of
 * the name decides, not the reader's language: a German organizer sees "王芳" too, and a Chinese page
 * keeps "Ada Lovelace" as Chinese texts write Western names.
 */
export interface NameParts {
  first_name: string | null | undefined;
  last_name: string | null | undefined;
}

/** Han, kana or Hangul: a name written in a family-name-first script. */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Languages whose own names come family name first: their forms ask for the family name first. */
const FAMILY_FIRST_LANGUAGES = new Set(['zh', 'ja', 'ko', 'hu', 'vi']);

/** True for a locale whose forms ask for the family name before the given name ("zh-CN"). */
export const familyNameFirst = (locale: string): boolean =>
  FAMILY_FIRST_LANGUAGES.has(locale.toLowerCase().split(/[-_]/)[0]!);

/** The full name: "王芳", "Ada Lovelace"; a missing part left out; '' when both are missing. */
export function personName(p: NameParts): string {
  const first = p.first_name?.trim() ?? '';
  const last = p.last_name?.trim() ?? '';
  if (!first || !last) return first || last;
  return EAST_ASIAN.test(first) && EAST_ASIAN.test(last) ? `${last}${first}` : `${first} ${last}`;
}

/**
 * The name a mail greets with: the given name ("Hello Ada,"), or the full name where a given name alone
 * would be too familiar: in a family-name-first language, or for a name in an East Asian script
 * ("王芳，您好").
 */
export function greetingName(p: NameParts, locale: string): string {
  const first = p.first_name?.trim() ?? '';
  const full = personName(p);
  if (!first || familyNameFirst(locale) || EAST_ASIAN.test(full)) return full;
  return first;
}

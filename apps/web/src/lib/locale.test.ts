import { describe, expect, it } from 'vitest';

import { localeCookieString, readLocaleCookie, resolveLocale } from './locale';

describe('resolveLocale', () => {
  it('prefers the cookie over everything', () => {
    expect(resolveLocale({ cookie: 'fr', userLocale: 'de', browserLanguages: ['es'] })).toBe('fr');
  });
  it('uses the saved user locale when no cookie is set', () => {
    expect(resolveLocale({ cookie: null, userLocale: 'de', browserLanguages: ['es'] })).toBe('de');
  });
  it('falls back to the browser languages', () => {
    expect(resolveLocale({ cookie: null, userLocale: null, browserLanguages: ['nl-NL', 'pt-BR', 'en'] })).toBe('pt-BR');
    expect(resolveLocale({ cookie: null, browserLanguages: ['zh-TW'] })).toBe('zh-CN');
  });
  it('ignores an unsupported saved locale and ends at English', () => {
    expect(resolveLocale({ cookie: null, userLocale: 'xx', browserLanguages: ['nl'] })).toBe('en');
    expect(resolveLocale({ cookie: null })).toBe('en');
  });
});

describe('locale cookie', () => {
  it('reads admitone_locale among other cookies', () => {
    expect(readLocaleCookie('a=1; admitone_locale=pt-BR; b=2')).toBe('pt-BR');
    expect(readLocaleCookie('admitone_locale=zh-cn')).toBe('zh-CN');
    expect(readLocaleCookie('other=de')).toBeNull();
    expect(readLocaleCookie('admitone_locale=klingon')).toBeNull();
  });
  it('writes a long-lived, site-wide cookie', () => {
    expect(localeCookieString('de')).toMatch(/^admitone_locale=de; path=\/; max-age=\d+; SameSite=Lax$/);
  });
});

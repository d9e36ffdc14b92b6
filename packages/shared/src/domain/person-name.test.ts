import { describe, expect, it } from 'vitest';

import { familyNameFirst, greetingName, personName } from './person-name.js';

describe('personName', () => {
  it('writes a Chinese, Japanese or Korean name family name first, without a space', () => {
    expect(personName({ first_name: '芳', last_name: '王' })).toBe('王芳');
    expect(personName({ first_name: '花子', last_name: '山田' })).toBe('山田花子');
    expect(personName({ first_name: '민준', last_name: '김' })).toBe('김민준');
  });

  it('writes other names given name first, whatever the reader reads', () => {
    expect(personName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ first_name: ' Léo ', last_name: 'Dubois' })).toBe('Léo Dubois');
  });

  it('leaves a missing part out', () => {
    expect(personName({ first_name: 'Ada', last_name: null })).toBe('Ada');
    expect(personName({ first_name: '', last_name: '王' })).toBe('王');
    expect(personName({ first_name: null, last_name: undefined })).toBe('');
  });
});

describe('greetingName', () => {
  it('greets by the given name in languages that do', () => {
    expect(greetingName({ first_name: 'Ada', last_name: 'Lovelace' }, 'en')).toBe('Ada');
    expect(greetingName({ first_name: 'Ada', last_name: 'Lovelace' }, 'de')).toBe('Ada');
  });

  it('greets by the full name in a family-name-first language or script', () => {
    expect(greetingName({ first_name: 'Ada', last_name: 'Lovelace' }, 'zh-CN')).toBe('Ada Lovelace');
    expect(greetingName({ first_name: '芳', last_name: '王' }, 'en')).toBe('王芳');
    expect(greetingName({ first_name: '芳', last_name: '王' }, 'zh-CN')).toBe('王芳');
  });

  it('falls back to what there is', () => {
    expect(greetingName({ first_name: null, last_name: 'Lovelace' }, 'en')).toBe('Lovelace');
    expect(greetingName({ first_name: null, last_name: null }, 'en')).toBe('');
  });
});

describe('familyNameFirst', () => {
  it('knows the languages that ask for the family name first', () => {
    expect(familyNameFirst('zh-CN')).toBe(true);
    expect(familyNameFirst('ja')).toBe(true);
    expect(familyNameFirst('pt-BR')).toBe(false);
    expect(familyNameFirst('de')).toBe(false);
  });
});

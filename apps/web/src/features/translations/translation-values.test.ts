import type { EventTranslationsDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { firstLanguage, previewText, toTranslationValues } from './translation-values';

const dto: EventTranslationsDto = {
  locales: ['de'],
  event: {
    original: { title: 'Concert', description: '<p>Loud</p>', pre_checkout_message: null, post_checkout_message: null },
    translations: { de: { title: 'Konzert' } },
  },
  tickets: [
    {
      id: 4,
      original: { name: 'Standard', description: null },
      translations: { de: { name: 'Normal', description: null } },
    },
    { id: 5, original: { name: 'VIP', description: null }, translations: {} },
  ],
  categories: [
    {
      id: 2,
      original: { name: 'Extras', description: null },
      translations: { de: { name: 'Zusätze', description: '<p>Mehr</p>' } },
    },
  ],
  questions: [
    {
      id: 9,
      type: 'DROPDOWN',
      original: { title: 'Size', description: null, options: ['S', 'M', 'L'] },
      translations: { de: { title: 'Größe', options: ['', 'M (mittel)', 'L (groß)', 'XL (gone)'] } },
    },
    { id: 10, type: 'TEXT', original: { title: 'Diet', description: null, options: [] }, translations: {} },
  ],
};

describe('toTranslationValues', () => {
  it('gives every text of the language as a string, blank where none is stored', () => {
    expect(toTranslationValues(dto, 'de')).toEqual({
      event: { title: 'Konzert', description: '', pre_checkout_message: '', post_checkout_message: '' },
      tickets: [
        { id: 4, name: 'Normal', description: '' },
        { id: 5, name: '', description: '' },
      ],
      categories: [{ id: 2, name: 'Zusätze', description: '<p>Mehr</p>' }],
      questions: [
        { id: 9, title: 'Größe', description: '', options: ['', 'M (mittel)', 'L (groß)'] },
        { id: 10, title: '', description: '', options: [] },
      ],
    });
  });

  it('is all blank for a language without texts', () => {
    const values = toTranslationValues(dto, 'fr');
    expect(values.event.title).toBe('');
    expect(values.questions[0]!.options).toEqual(['', '', '']);
  });
});

describe('firstLanguage', () => {
  it('opens the first language with texts, else the first other than the interface language', () => {
    expect(firstLanguage(['fr', 'de'], 'en')).toBe('de');
    expect(firstLanguage([], 'en')).toBe('de');
    expect(firstLanguage([], 'de')).toBe('en');
  });
});

describe('previewText', () => {
  it('reads HTML as one line of text, cut when long', () => {
    expect(previewText('<p>Doors open at <strong>7&nbsp;pm</strong>.</p><p>Bring &amp; share.</p>')).toBe(
      'Doors open at 7 pm. Bring & share.',
    );
    expect(previewText(null)).toBe('');
    expect(previewText('<p>abcdefghij</p>', 6)).toBe('abcde…');
  });
});

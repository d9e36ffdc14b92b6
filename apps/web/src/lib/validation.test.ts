import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import { messages as de } from '../locales/de/messages.po';
import { messages as en } from '../locales/en/messages.po';
import { issueTranslator } from './validation';

describe('issueTranslator', () => {
  // The field messages come from packages/shared (ids `field.*`), the same ones the API translates.
  it('translates a field problem through the web catalog, with its values', () => {
    const translate = issueTranslator(setupI18n({ locale: 'de', messages: { de } }));
    expect(translate({ key: 'required', values: {} })).toBe('Dieses Feld ist erforderlich.');
    expect(translate({ key: 'too_short', values: { min: 8 } })).toBe('Muss mindestens 8 Zeichen lang sein.');
  });

  it('reads the English wording in English', () => {
    const translate = issueTranslator(setupI18n({ locale: 'en', messages: { en } }));
    expect(translate({ key: 'order_too_large', values: { max: 50 } })).toBe('An order can have at most 50 tickets.');
  });
});

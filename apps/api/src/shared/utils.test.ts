import { describe, expect, it } from 'vitest';

import { utcToZoned, zonedToUtc } from './dates.js';
import { sanitizeRichText } from './html.js';
import { likePattern } from './pagination.js';
import { slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Jazz Night', 'jazz-night'],
    ['Été Festival — Opening Night!', 'ete-festival-opening-night'],
    ['  --Hello--  ', 'hello'],
    ['音乐节', 'event'],
    ['a'.repeat(100), 'a'.repeat(80)],
  ])('%s -> %s', (title, slug) => expect(slugify(title)).toBe(slug));
});

describe('time zones', () => {
  it('reads wall-clock times in the zone, across daylight saving', () => {
    expect(zonedToUtc('2027-01-15T19:00', 'Europe/Berlin').toISOString()).toBe('2027-01-15T18:00:00.000Z');
    expect(zonedToUtc('2027-07-15 19:00', 'Europe/Berlin').toISOString()).toBe('2027-07-15T17:00:00.000Z');
    expect(zonedToUtc('2027-07-15T19:00', 'America/Sao_Paulo').toISOString()).toBe('2027-07-15T22:00:00.000Z');
    expect(utcToZoned(new Date('2027-07-15T17:00:00Z'), 'Europe/Berlin')).toBe('2027-07-15T19:00');
  });
});

describe('sanitizeRichText', () => {
  it('keeps formatting and safe links, drops scripts and handlers', () => {
    expect(
      sanitizeRichText(
        '<p><strong>Hi</strong> <a href="https://x.test" onclick="evil()">x</a></p><script>alert(1)</script>',
      ),
    ).toBe(
      '<p><strong>Hi</strong> <a href="https://x.test" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
    expect(
      sanitizeRichText(
        '<p><a href="javascript:alert(1)">x</a> <a href=" JaVaScRiPt:alert(1)">y</a> <a href="data:text/html,hi">z</a></p>',
      ),
    ).toBe('<p>x y z</p>');
    expect(sanitizeRichText('<a href="mailto:a@b.test">mail</a>')).toBe(
      '<a href="mailto:a@b.test" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    );
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
  });
});

describe('likePattern', () => {
  it('escapes wildcards', () => expect(likePattern('50%_off')).toBe('%50\\%\\_off%'));
});

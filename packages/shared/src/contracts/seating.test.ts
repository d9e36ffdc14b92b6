import { describe, expect, it } from 'vitest';

import { backgroundUrl, EMPTY_SEATING_LAYOUT, seatingLayout } from './seating.js';

const ok = (url: string) => backgroundUrl.safeParse(url).success;

describe('the traced background image address', () => {
  it('takes an http(s) address and a path on this site, as an uploaded image is served', () => {
    expect(ok('https://example.com/floor.png')).toBe(true);
    expect(ok('http://localhost:3000/uploads/a.png')).toBe(true);
    expect(ok('/uploads/accounts/1/organizers/2/seating_background-ab12-cd34.png')).toBe(true);
    expect(ok('  /uploads/a.webp  ')).toBe(true);
  });

  it('refuses scripts, data, another site without a scheme, and what is no address', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.com/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'uploads/a.png',
      '/uploads/a b.png',
      'https://',
      'https:///path',
      '',
    ])
      expect(ok(bad), bad).toBe(false);
  });

  it('is checked inside a layout, with the issue key of a wrong address', () => {
    const layout = (url: string) => ({
      ...EMPTY_SEATING_LAYOUT,
      background: { url, position: { x: 0, y: 0 }, width: 100, height: 100 },
    });
    expect(seatingLayout.safeParse(layout('/uploads/x.png')).success).toBe(true);
    const bad = seatingLayout.safeParse(layout('javascript:alert(1)'));
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('invalid_url');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { inlineStyleSheets } from '../src/modules/public-pages/inline-styles.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-inline-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'assets', 'start-a1.css'), '.a{color:red}');
writeFileSync(path.join(dir, 'assets', 'odd-b2.css'), '.b::after{content:"</style><script>"}');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the buyer pages carry their first style sheets', () => {
  it('writes each linked style sheet of the build into the page, in place', () => {
    const page = inlineStyleSheets(
      '<head><link rel="stylesheet" crossorigin href="/assets/start-a1.css"><link rel="icon" href="/logo.svg"></head>',
      dir,
    );
    expect(page).toBe(
      '<head><style data-href="/assets/start-a1.css">.a{color:red}</style><link rel="icon" href="/logo.svg"></head>',
    );
  });

  it('leaves a link as it is when its file is missing, outside the build, or could close the style element', () => {
    for (const link of [
      '<link rel="stylesheet" href="/assets/gone-c3.css">',
      '<link rel="stylesheet" href="/assets/odd-b2.css">',
      '<link rel="stylesheet" href="https://cdn.example/x.css">',
      '<link rel="stylesheet" href="/assets/../../etc/passwd.css">',
    ]) {
      expect(inlineStyleSheets(`<head>${link}</head>`, dir)).toBe(`<head>${link}</head>`);
    }
  });
});

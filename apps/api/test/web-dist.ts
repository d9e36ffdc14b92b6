import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the web build (apps/web/dist) in a temporary folder: the organizer app's index.html,
 * the sign-in screens' signin.html and the buyer pages' public.html template with the placeholders the
 * server fills in.
 */
/** The buyer pages' first style sheet in the fake build (linked from public.html). */
export const FAKE_START_CSS = '.m_start{color:#6741d9}';

export function fakeWebDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>AdmitOne</title></head><body><div id="root"></div>organizer app</body></html>',
  );
  writeFileSync(
    path.join(dir, 'signin.html'),
    '<!doctype html><html lang="en"><head><title>AdmitOne</title></head><body><div id="root"></div>sign-in app</body></html>',
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'start-test.css'), FAKE_START_CSS);
  writeFileSync(
    path.join(dir, 'public.html'),
    '<!doctype html><html lang="en"><head><!--app-head--><title>AdmitOne</title><link rel="stylesheet" crossorigin href="/assets/start-test.css"></head><body><div id="root"><!--app-html--></div><script type="module" src="/assets/public.js"></script></body></html>',
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the web build (apps/web/dist) in a temporary folder: the organizer app's index.html
 * and the buyer pages' public.html template with the placeholders the server fills in.
 */
export function fakeWebDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>AdmitOne</title></head><body><div id="root"></div>organizer app</body></html>');
  writeFileSync(
    path.join(dir, 'public.html'),
    '<!doctype html><html lang="en"><head><!--app-head--><title>AdmitOne</title></head><body><div id="root"><!--app-html--></div><script type="module" src="/assets/public.js"></script></body></html>',
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

import os from 'node:os';
import { parentPort } from 'node:worker_threads';

import type { Locale } from '@admitone/shared';

import { loadCatalogs } from '../i18n/i18n.js';
import { renderMail, type TemplateName } from './templates/index.js';

/**
 * A mail-rendering thread (render-pool.ts): PDFs, QR codes and HTML are CPU work, done here so the
 * process's own thread stays free for requests and for the SMTP and database round trips of sending.
 */
export interface RenderRequest {
  n: number;
  template: TemplateName;
  locale: Locale;
  data: Record<string, unknown>;
}

// Below normal CPU priority (Linux gives each thread its own): requests win the CPU, mail takes the rest.
if (process.platform === 'linux') {
  try {
    os.setPriority(Math.max(os.getPriority(), 10));
  } catch {
    /* not allowed here: normal priority */
  }
}
const ready = loadCatalogs();
parentPort!.on('message', async (req: RenderRequest) => {
  try {
    await ready;
    const mail = await renderMail(req.template, req.locale, req.data);
    parentPort!.postMessage({ n: req.n, mail });
  } catch (err) {
    parentPort!.postMessage({ n: req.n, error: err instanceof Error ? err.message : String(err) });
  }
});

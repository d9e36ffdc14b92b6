import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { Locale } from '@admitone/shared';
import type { Logger } from 'pino';

import { renderMail, type TemplateData, type TemplateName } from './templates/index.js';
import type { RenderedMail } from './templates/layout.js';

export type Render = (
  template: TemplateName,
  locale: Locale,
  data: TemplateData[TemplateName] | Record<string, unknown>,
) => Promise<RenderedMail>;

/** How many render threads by default: one per core but one, at least one (MAIL_RENDER_THREADS). */
export const defaultRenderThreads = () => Math.max(1, os.availableParallelism() - 1);

/**
 * Mail rendering on `threads` worker threads (0: on the calling thread). A ticket mail's PDF and QR
 * code take tens of milliseconds of CPU; on the process's own thread they would hold up requests and,
 * worse, the moment between the SMTP server's "accepted" and the outbox row marked sent (a crash then
 * sends the mail twice). The threads run at the lowest CPU priority the system gives them (Linux), so
 * reservations and sign-ins win the CPU when both want it. If the thread entry cannot be found (a build
 * without it), mail is rendered on the calling thread, with a warning.
 */
export function renderPool(threads: number, log: Logger): { render: Render; close(): Promise<void> } {
  const here = import.meta.url;
  const entry = fileURLToPath(new URL(here.endsWith('.ts') ? './render-thread.ts' : './render-thread.js', here));
  if (threads < 1 || !existsSync(entry)) {
    if (threads >= 1) log.warn({ entry }, 'mail render thread not found: rendering mail on the main thread');
    return { render: (t, l, d) => renderMail(t, l, d), close: async () => undefined };
  }
  // Sources run through tsx: the thread registers it before loading its entry (a build runs plain JavaScript).
  const fromSources = entry.endsWith('.ts');
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`;
  const pending = new Map<number, { resolve: (m: RenderedMail) => void; reject: (e: Error) => void }>();
  let seq = 0;
  let next = 0;
  let closing = false;
  const workers: Array<Worker | null> = Array.from({ length: threads }, () => null);

  const spawn = (i: number): Worker => {
    const w = fromSources ? new Worker(boot, { eval: true }) : new Worker(entry);
    w.unref();
    w.on('message', (msg: { n: number; mail?: RenderedMail; error?: string }) => {
      const p = pending.get(msg.n);
      if (!p) return;
      pending.delete(msg.n);
      if (msg.mail) {
        // Buffers arrive as Uint8Arrays: nodemailer wants Buffers.
        for (const a of msg.mail.attachments ?? [])
          if (typeof a.content !== 'string') a.content = Buffer.from(a.content);
        p.resolve(msg.mail);
      } else p.reject(new Error(msg.error ?? 'render failed'));
    });
    const fail = (err: Error) => {
      workers[i] = null;
      for (const [n, p] of pending)
        if (owner.get(n) === w) {
          pending.delete(n);
          p.reject(err);
        }
      if (!closing) log.warn({ err }, 'mail render thread stopped; a new one starts with the next mail');
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`render thread exited (${code})`)));
    return w;
  };
  const owner = new Map<number, Worker>();

  return {
    render(template, locale, data) {
      const i = next++ % threads;
      const w = (workers[i] ??= spawn(i));
      const n = seq++;
      owner.set(n, w);
      return new Promise<RenderedMail>((resolve, reject) => {
        pending.set(n, {
          resolve: (m) => (owner.delete(n), resolve(m)),
          reject: (e) => (owner.delete(n), reject(e)),
        });
        w.postMessage({ n, template, locale, data });
      });
    },
    async close() {
      closing = true;
      await Promise.all(workers.map((w) => w?.terminate()));
    },
  };
}

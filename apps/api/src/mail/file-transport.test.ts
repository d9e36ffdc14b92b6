import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { fileTransport } from './transport.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the file transport (no SMTP)', () => {
  it('writes every mail, also many to one address at once, each whole under its own name', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'admitone-mail-'));
    const transport = fileTransport(dir, 'AdmitOne <tickets@admitone.test>', pino({ level: 'silent' }));
    // Twenty mails to one address in the same few milliseconds (the lanes send in parallel): with the time
    // alone as the name, some overwrote others (and a rename of a shared temporary file failed).
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transport.send({
          to: 'same@example.test',
          subject: `Mail ${i}`,
          html: `<p>${i}</p>`,
          text: `Mail number ${i}`,
          messageId: `<test-${i}@admitone>`,
        }),
      ),
    );
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    const mails = files.filter((f) => f.endsWith('-same@example.test.eml'));
    expect(mails).toHaveLength(20);
    const subjects = mails.map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1]).sort();
    expect(new Set(subjects).size).toBe(20);
  });
});

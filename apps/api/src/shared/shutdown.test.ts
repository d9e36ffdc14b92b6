import { Writable } from 'node:stream';

import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { stopInStages } from './shutdown.js';

function collectingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

describe('stopInStages', () => {
  it('runs every stage in order; one that never finishes is named and left behind, one that fails is logged', async () => {
    const { log, lines } = collectingLog();
    const ran: string[] = [];
    await stopInStages(
      log,
      [
        ['first', () => void ran.push('first')],
        ['stuck pool', () => new Promise(() => ran.push('stuck pool'))],
        ['broken', () => Promise.reject(new Error('socket gone'))],
        ['last', async () => void ran.push('last')],
      ],
      50,
    );
    expect(ran).toEqual(['first', 'stuck pool', 'last']);
    expect(lines.map((l) => [l.stage, l.msg])).toEqual([
      ['stuck pool', 'shutdown: stuck pool did not stop within 50 ms; going on without it'],
      ['broken', 'shutdown: broken failed to stop'],
    ]);
  });

  it('says nothing when every stage stops in time', async () => {
    const { log, lines } = collectingLog();
    await stopInStages(log, [['quick', () => new Promise((resolve) => setTimeout(resolve, 5))]], 1_000);
    expect(lines).toEqual([]);
  });
});

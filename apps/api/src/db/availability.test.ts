import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  backoffSeconds,
  databaseErrorLog,
  databaseTarget,
  startWhenReachable,
  unavailableReason,
} from './availability.js';

const sysError = (code: string, message = `connect ${code} 127.0.0.1:5432`) =>
  Object.assign(new Error(message), { code });

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (msg: string) => void lines.push(`info ${msg}`),
    warn: (msg: string) => void lines.push(`warn ${msg}`),
    error: (_obj: object, msg: string) => void lines.push(`error ${msg}`),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('unavailableReason', () => {
  it('names what an unreachable database looks like, however it is wrapped', () => {
    expect(unavailableReason(sysError('ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(unavailableReason(sysError('ENOTFOUND'))).toBe('ENOTFOUND');
    // drizzle wraps the driver's error as `cause`; Node's happy eyeballs in an AggregateError.
    expect(
      unavailableReason(Object.assign(new Error('Failed query: select 1'), { cause: sysError('ECONNRESET') })),
    ).toBe('ECONNRESET');
    expect(unavailableReason(new AggregateError([sysError('ECONNREFUSED')], 'connect failed'))).toBe('ECONNREFUSED');
    expect(
      unavailableReason(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe('57P01');
    expect(unavailableReason(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(
      '57P03',
    );
    expect(unavailableReason(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe('08006');
    expect(unavailableReason(new Error('timeout exceeded when trying to connect'))).toBe('connect timeout');
    expect(unavailableReason(new Error('Connection terminated unexpectedly'))).toBe('connection lost');
    // pg-boss reports worker errors as plain objects.
    expect(unavailableReason({ message: 'connect ECONNREFUSED', code: 'ECONNREFUSED', queue: 'q' })).toBe(
      'ECONNREFUSED',
    );
  });

  it('leaves every other error alone (they are answered as before)', () => {
    expect(unavailableReason(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(unavailableReason(Object.assign(new Error('lock timeout'), { code: '55P03' }))).toBeNull();
    expect(unavailableReason(Object.assign(new Error('password authentication failed'), { code: '28P01' }))).toBeNull();
    expect(unavailableReason(new Error('relation "x" does not exist'))).toBeNull();
    expect(unavailableReason(null)).toBeNull();
    expect(unavailableReason('ECONNREFUSED')).toBeNull();
  });
});

describe('start while the database is away', () => {
  it('waits 1, 2, 4 … seconds, capped at 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffSeconds)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('names host and port, never the credentials', () => {
    expect(databaseTarget('postgres://admin:secret@db.internal:6543/app')).toBe('db.internal:6543');
    expect(databaseTarget('postgres://admin@db/app')).toBe('db:5432');
  });

  it('retries with one line per attempt until the start succeeds', async () => {
    vi.useFakeTimers();
    const log = recordingLog();
    let attempts = 0;
    const startup = startWhenReachable({
      target: 'db:5432',
      log,
      start: async () => {
        if (++attempts < 3) throw sysError('ECONNREFUSED');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(startup.ready).toBe(false);
    expect(log.lines).toEqual(['warn database not reachable at db:5432 (ECONNREFUSED); retrying in 1 s']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.lines.at(-1)).toBe('warn database not reachable at db:5432 (ECONNREFUSED); retrying in 2 s');
    await vi.advanceTimersByTimeAsync(2_000);
    await startup.done;
    expect(startup.ready).toBe(true);
    expect(attempts).toBe(3);
    expect(log.lines.at(-1)).toBe('info database reachable at db:5432');
  });

  it('gives up at once on any other error, and stops waiting when stopped', async () => {
    const failing = startWhenReachable({
      target: 'db:5432',
      log: recordingLog(),
      start: async () => Promise.reject(Object.assign(new Error('password authentication failed'), { code: '28P01' })),
    });
    await expect(failing.done).rejects.toThrow('password authentication failed');

    vi.useFakeTimers();
    let attempts = 0;
    const waitingStart = startWhenReachable({
      target: 'db:5432',
      log: recordingLog(),
      start: async () => {
        attempts++;
        throw sysError('ECONNREFUSED');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    await waitingStart.stop();
    await waitingStart.done;
    expect(waitingStart.ready).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(1);
  });
});

describe('databaseErrorLog', () => {
  it('writes one line a minute while the database is away (no stack), every other error in full', () => {
    vi.useFakeTimers();
    const log = recordingLog();
    const report = databaseErrorLog(log, 'job queue error');
    for (let i = 0; i < 100; i++) report(sysError('ECONNREFUSED'));
    expect(log.lines).toEqual([
      'warn job queue error: database not reachable (ECONNREFUSED); next report in 60 s at the earliest',
    ]);
    report(new Error('a bug'));
    expect(log.lines.at(-1)).toBe('error job queue error');
    vi.advanceTimersByTime(60_000);
    report(sysError('ECONNRESET'));
    expect(log.lines.at(-1)).toBe(
      'warn job queue error: database not reachable (ECONNRESET); 99 more like it since the last report; next report in 60 s at the earliest',
    );
    expect(log.lines).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';

import { Admission } from './admission.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Admission', () => {
  it('lets `width` run at once per key, the rest in arrival order; other keys are not held up', async () => {
    const gate = new Admission(2, 5_000);
    const order: string[] = [];
    let release!: () => void;
    const blocker = new Promise<void>((r) => (release = r));
    const slow = (name: string) =>
      gate.run(1, async () => {
        order.push(`start ${name}`);
        await blocker;
        order.push(`end ${name}`);
      });
    const runs = [
      slow('a'),
      slow('b'),
      gate.run(1, async () => void order.push('start c')),
      gate.run(1, async () => void order.push('start d')),
    ];
    await gate.run(2, async () => void order.push('other key'));
    await tick();
    expect(order).toEqual(['start a', 'start b', 'other key']);
    release();
    await Promise.all(runs);
    expect(order.slice(3)).toEqual(['end a', 'end b', 'start c', 'start d']);
  });

  it('a buyer who would wait too long is told to try again (CHECKOUT_BUSY), and the queue moves on', async () => {
    const gate = new Admission(1, 20);
    let release!: () => void;
    const first = gate.run(7, () => new Promise<void>((r) => (release = r)));
    await expect(gate.run(7, async () => 'never')).rejects.toMatchObject({
      code: 'CHECKOUT_BUSY',
      options: { retryAfter: 2 },
    });
    release();
    await first;
    expect(await gate.run(7, async () => 'next')).toBe('next');
  });

  it('an error in one run frees its place', async () => {
    const gate = new Admission(1, 1_000);
    await expect(gate.run(3, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(3, async () => 'after')).toBe('after');
  });
});

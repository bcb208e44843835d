import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Settled } from './group-commit';

/** A batch runner that records its batches and answers when told to. */
function recorder() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const run = async (inputs: string[]): Promise<Settled<string>[]> => {
    batches.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((i) => (i.startsWith('bad') ? { ok: false, error: new Error(i) } : { ok: true, value: `done ${i}` }));
  };
  const released = async (n: number) => {
    while (releases.length < n) await new Promise((r) => setImmediate(r));
    releases[n - 1]!();
  };
  return { batches, run, released };
}

describe('group commit', () => {
  it('sends the calls of one turn together, and the calls made while a batch is written in the next one', async () => {
    const r = recorder();
    const g = createGroupCommit({ max: 10, keyOf: (s: string) => s, run: r.run });
    const first = [g.call('a'), g.call('b')];
    await r.released(1);
    expect(await Promise.all(first)).toEqual(['done a', 'done b']);
    const blocking = g.call('c');
    while (r.batches.length < 2) await new Promise((res) => setImmediate(res));
    const later = [g.call('d'), g.call('e'), g.call('f')];
    await r.released(2);
    expect(await blocking).toBe('done c');
    await r.released(3);
    expect(await Promise.all(later)).toEqual(['done d', 'done e', 'done f']);
    expect(r.batches).toEqual([['a', 'b'], ['c'], ['d', 'e', 'f']]);
  });

  it('never puts two calls of one key in a batch, and keeps their order', async () => {
    const r = recorder();
    const g = createGroupCommit({ max: 10, keyOf: (s: string) => s.slice(0, 1), run: r.run });
    const calls = ['x1', 'y1', 'x2', 'z1', 'x3', 'y2'].map((s) => g.call(s));
    await r.released(1);
    await r.released(2);
    await r.released(3);
    expect(await Promise.all(calls)).toEqual(['done x1', 'done y1', 'done x2', 'done z1', 'done x3', 'done y2']);
    expect(r.batches).toEqual([['x1', 'y1', 'z1'], ['x2', 'y2'], ['x3']]);
  });

  it('holds at most max calls in a batch', async () => {
    const r = recorder();
    const g = createGroupCommit({ max: 2, keyOf: (s: string) => s, run: r.run });
    const calls = ['a', 'b', 'c'].map((s) => g.call(s));
    await r.released(1);
    await r.released(2);
    await Promise.all(calls);
    expect(r.batches).toEqual([['a', 'b'], ['c']]);
  });

  it('fails only the calls whose outcome is an error, and every call of a batch whose run threw', async () => {
    const r = recorder();
    const g = createGroupCommit({ max: 10, keyOf: (s: string) => s, run: r.run });
    const good = g.call('good');
    const bad = g.call('bad one');
    await r.released(1);
    expect(await good).toBe('done good');
    await expect(bad).rejects.toThrow('bad one');

    const throwing = createGroupCommit<string, string>({
      max: 10,
      keyOf: (s) => s,
      run: () => Promise.reject(new Error('the transaction failed')),
    });
    const results = await Promise.allSettled([throwing.call('a'), throwing.call('b')]);
    expect(results.map((s) => s.status === 'rejected' && (s.reason as Error).message)).toEqual(['the transaction failed', 'the transaction failed']);
    // And it goes on with the next calls.
    await expect(throwing.call('c')).rejects.toThrow('the transaction failed');
  });
});

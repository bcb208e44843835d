import { describe, expect, it, vi } from 'vitest';
import { isUnavailableError, retryWhileUnavailable } from './unavailable';

describe('isUnavailableError', () => {
  it('tells an unreachable service from a bug, through the chain of causes', () => {
    expect(isUnavailableError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailableError(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    expect(isUnavailableError(new AggregateError([Object.assign(new Error('v6'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnavailableError(new Error('Cannot use a pool after calling end on the pool'))).toBe(false);
  });
});

describe('retryWhileUnavailable', () => {
  it('tries again while the service is out of reach, waiting longer each time, and answers once it is back', async () => {
    let calls = 0;
    const delays: number[] = [];
    const result = await retryWhileUnavailable(
      async () => {
        calls++;
        if (calls < 4) throw new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') });
        return 'seeded';
      },
      { firstDelayMs: 1, maxDelayMs: 3, onRetry: (_err, ms) => delays.push(ms) },
    );
    expect(result).toBe('seeded');
    expect(calls).toBe(4);
    expect(delays).toEqual([1, 2, 3]);
  });

  it('gives up at once on any other error', async () => {
    const onRetry = vi.fn();
    const fn = vi.fn(async () => {
      throw new Error('Cannot use a pool after calling end on the pool');
    });
    await expect(retryWhileUnavailable(fn, { firstDelayMs: 1, onRetry })).rejects.toThrow(/after calling end/);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });
});

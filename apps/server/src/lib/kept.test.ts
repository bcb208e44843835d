import { describe, expect, it } from 'vitest';
import { createKept } from './kept';

describe('values kept in this process', () => {
  it('holds at most `max` values, dropping the least recently read first', () => {
    const kept = createKept<string>({ max: 2, ttlMs: 1000 });
    kept.set('a', 'A', kept.generation());
    kept.set('b', 'B', kept.generation());
    expect(kept.get('a')).toBe('A'); // read: now b is the least recently used
    kept.set('c', 'C', kept.generation());
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual(['A', null, 'C']);
    expect(kept.size).toBe(2);
  });

  it('keeps a value until its time is up, or a shorter time given with it', () => {
    let now = 0;
    const kept = createKept<string>({ max: 10, ttlMs: 100, now: () => now });
    kept.set('a', 'A', kept.generation());
    kept.set('b', 'B', kept.generation(), { ttlMs: 10 });
    kept.set('c', 'C', kept.generation(), { ttlMs: 500 }); // never longer than the cache's own time
    kept.set('gone', 'G', kept.generation(), { ttlMs: 0 });
    expect(kept.size).toBe(3);
    now = 9;
    expect([kept.get('a'), kept.get('b')]).toEqual(['A', 'B']);
    now = 10;
    expect([kept.get('a'), kept.get('b')]).toEqual(['A', null]);
    now = 99;
    expect(kept.get('c')).toBe('C');
    now = 100;
    expect([kept.get('a'), kept.get('c')]).toEqual([null, null]);
    expect(kept.size).toBe(0);
  });

  it('forgets a group, a key or everything, and never keeps a read that a forget overtook', () => {
    const kept = createKept<string>({ max: 10, ttlMs: 1000 });
    kept.set('v1', 'x', kept.generation(), { group: 'v' });
    kept.set('v2', 'y', kept.generation(), { group: 'v' });
    kept.set('w1', 'z', kept.generation(), { group: 'w' });
    const readAt = kept.generation();
    kept.forgetGroup('v');
    expect([kept.get('v1'), kept.get('v2'), kept.get('w1')]).toEqual([null, null, 'z']);
    kept.set('v1', 'stale', readAt, { group: 'v' });
    expect(kept.get('v1')).toBeNull();
    const beforeForget = kept.generation();
    kept.forget('w1');
    expect(kept.get('w1')).toBeNull();
    kept.set('w1', 'stale', beforeForget);
    expect(kept.get('w1')).toBeNull();
    kept.set('w1', 'z', kept.generation(), { group: 'w' });
    kept.clear();
    expect(kept.size).toBe(0);
  });

  it('takes a value out of its group when it leaves the cache another way (evicted or replaced)', () => {
    const kept = createKept<string>({ max: 1, ttlMs: 1000 });
    kept.set('a', 'A', kept.generation(), { group: 'g' });
    kept.set('b', 'B', kept.generation(), { group: 'h' }); // evicts a
    kept.set('a', 'A2', kept.generation(), { group: 'h' }); // evicts b; a now belongs to h
    kept.forgetGroup('g'); // a left g when it was evicted: h's a stays
    expect(kept.get('a')).toBe('A2');
    kept.forgetGroup('h');
    expect(kept.get('a')).toBeNull();
  });

  it('keeps nothing with a time to live of 0', () => {
    const kept = createKept<string>({ max: 10, ttlMs: 0 });
    kept.set('a', 'A', kept.generation());
    expect(kept.get('a')).toBeNull();
  });
});

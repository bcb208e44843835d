import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { heartbeatAge, startHeartbeat } from './heartbeat';

const fileIn = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-heartbeat-')), 'beat');
/** The time of the last beat, as written. */
const beatAt = (file: string) => Number(readFileSync(file, 'utf8'));

describe('the job worker heartbeat (its container liveness check)', () => {
  it('has no age before the first beat, and a fresh one after it', async () => {
    const file = fileIn();
    expect(heartbeatAge(file)).toBeNull();
    const stop = startHeartbeat(file, async () => true, 50);
    try {
      await vi.waitFor(() => expect(heartbeatAge(file)).not.toBeNull());
      expect(heartbeatAge(file)!).toBeLessThan(5_000);
    } finally {
      stop();
    }
  });

  it('keeps beating while alive, and stops once the worker no longer answers', async () => {
    const file = fileIn();
    let alive = true;
    const stop = startHeartbeat(file, async () => alive, 20);
    try {
      await vi.waitFor(() => expect(heartbeatAge(file)).not.toBeNull());
      const first = beatAt(file);
      await vi.waitFor(() => expect(beatAt(file)).toBeGreaterThan(first)); // a later beat
      alive = false;
      await new Promise((r) => setTimeout(r, 60)); // let a beat that was under way finish
      const last = beatAt(file);
      await new Promise((r) => setTimeout(r, 200)); // a quiet period of ten intervals: no beat may come
      expect(beatAt(file)).toBe(last);
      expect(heartbeatAge(file, last + 61_000)).toBe(61_000);
    } finally {
      stop();
    }
  });

  it("forgets the previous run's beat when it starts (a restarted container keeps its temporary folder)", async () => {
    const file = fileIn();
    writeFileSync(file, String(Date.now())); // the beat of the run before the restart
    expect(heartbeatAge(file)).not.toBeNull();
    let ready = false;
    const check = vi.fn(async () => ready);
    const stop = startHeartbeat(file, check, 20);
    try {
      expect(heartbeatAge(file)).toBeNull(); // not alive until this run's check passes
      await vi.waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(2));
      expect(heartbeatAge(file)).toBeNull();
      ready = true;
      await vi.waitFor(() => expect(heartbeatAge(file)).not.toBeNull());
    } finally {
      stop();
    }
  });

  it('does not beat when the check throws (a lost database)', async () => {
    const file = fileIn();
    const check = vi.fn(async () => {
      throw new Error('connection refused');
    });
    const stop = startHeartbeat(file, check, 20);
    try {
      await vi.waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(2));
      expect(heartbeatAge(file)).toBeNull();
    } finally {
      stop();
    }
  });
});

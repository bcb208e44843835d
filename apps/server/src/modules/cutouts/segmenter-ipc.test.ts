import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '../generation/sample-photos';
import { ipcSegmenter } from './segmenter-ipc';
import { simpleCut } from './simple-cut';

// The real worker entry, in the mode the web process uses on PGlite, with the quick cut.
const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../worker.ts');
const segment = ipcSegmenter(entry, { args: ['--segmenter'], env: { ...process.env, CUTOUT: 'simple' } });
afterAll(() => segment.close());

describe('the segmenter child process', () => {
  it('answers the same cut-out as the in-process cut, for photos sent at once', async () => {
    const [robot, astronaut] = await Promise.all([samplePhoto('robot', { width: 320, height: 380 }), samplePhoto('astronaut', { width: 300, height: 360 })]);
    const [a, b] = await Promise.all([segment(robot), segment(astronaut)]);
    expect(segment.pid).toBeGreaterThan(0);
    expect(segment.pid).not.toBe(process.pid);
    expect(a.equals(await simpleCut(robot))).toBe(true);
    expect(b.equals(await simpleCut(astronaut))).toBe(true);
    const meta = await sharp(a).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
  }, 60_000);

  it("reports the child's error for a photo it cannot read, and keeps serving", async () => {
    await expect(segment(Buffer.from('not an image'))).rejects.toThrow(/segmenter:/);
    const photo = await samplePhoto('robot', { width: 200, height: 240 });
    expect((await segment(photo)).equals(await simpleCut(photo))).toBe(true);
  }, 60_000);

  it('fails the running request when the child dies, and starts a new child for the next', async () => {
    const photo = await samplePhoto('robot', { width: 200, height: 240 });
    await segment(photo);
    const first = segment.pid!;
    const pending = segment(photo);
    process.kill(first, 'SIGKILL');
    await expect(pending).rejects.toThrow(/segmenter process ended/);
    expect((await segment(photo)).equals(await simpleCut(photo))).toBe(true);
    expect(segment.pid).not.toBe(first);
  }, 60_000);
});

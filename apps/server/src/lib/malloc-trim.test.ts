import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { canTrimMalloc, mallocFreeMb, startMallocTrim, trimMalloc } from './malloc-trim';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const rssMb = () => process.memoryUsage.rss() / 1048576;

/**
 * 300 MB in 3 KB buffers (each its own block of the C heap); one in ten stays alive, so the freed ones leave holes
 * between live blocks, and glibc cannot give them back by lowering the top of its heap. Answers the live ones.
 */
function holes() {
  let buffers: Buffer[] = Array.from({ length: 100_000 }, (_, i) => Buffer.alloc(3000, i));
  const kept = buffers.filter((_, i) => i % 10 === 0);
  buffers = [];
  gc();
  gc();
  return kept;
}

describe('malloc_trim', () => {
  it('gives back to the system the pages freed between blocks still in use, which the allocator keeps otherwise', async () => {
    expect(canTrimMalloc()).toBe(true); // Linux with glibc, as on every machine Curio runs on
    await trimMalloc();
    const kept = holes();
    const before = rssMb();
    // V8 frees the buffers' memory on a thread of its own after the collection: trimmed until it has.
    await expect
      .poll(
        async () => {
          await trimMalloc();
          return before - rssMb();
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(150);
    expect(kept.every((b, i) => b[0] === (i * 10) % 256)).toBe(true); // what is still in use is untouched
  });

  it('trims by itself once the allocator holds enough free memory, also when the process has not grown since it started', async () => {
    await trimMalloc();
    const kept = holes();
    // V8 frees the buffers' memory on a thread of its own after the collection: the allocator holds it free then.
    await expect.poll(async () => (await mallocFreeMb()) ?? 0, { timeout: 10_000 }).toBeGreaterThan(200);
    // Started after the peak: the process only shrinks from here, as after a busy spell.
    const before = rssMb();
    const stop = startMallocTrim({ intervalMs: 50 });
    try {
      await expect.poll(() => before - rssMb(), { timeout: 10_000 }).toBeGreaterThan(150);
    } finally {
      stop();
    }
    expect(kept.every((b, i) => b[0] === (i * 10) % 256)).toBe(true);
  });
});

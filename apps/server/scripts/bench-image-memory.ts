/**
 * `npm run bench:image-memory`: resident memory of a process that does nothing but process uploads,
 * three at a time for six windows of 10 s (800×600 to 1700×1200 JPEGs, each decoded, cleaned and
 * turned into the master and three variants, as an upload is). Run it with different settings to
 * compare them, e.g. `SHARP_CONCURRENCY=2 npm run bench:image-memory` or with `MALLOC_ARENA_MAX=2`.
 * A leak shows as memory that climbs from window to window; a plateau is the allocator's working set.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { processImage } from '../src/modules/images/image-processing';

const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024);
if (process.env.SHARP_CONCURRENCY) sharp.concurrency(Number(process.env.SHARP_CONCURRENCY));
const photos = await Promise.all(
  [0, 1, 2, 3].map((k) =>
    sharp({ create: { width: 800 + k * 300, height: 600 + k * 200, channels: 3, background: `#a8${k}6` } })
      .jpeg()
      .toBuffer(),
  ),
);
console.log(`start: resident ${rss()} MB; libvips threads per operation ${sharp.concurrency()}, MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? 'unset'}`);
let n = 0;
for (let window = 1; window <= 6; window++) {
  const until = Date.now() + 10_000;
  await Promise.all(
    [0, 1, 2].map(async (w) => {
      while (Date.now() < until) await processImage(photos[(n++ + w) % photos.length]!);
    }),
  );
  console.log(`window ${window}: ${n} uploads processed, resident ${rss()} MB, V8 heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB`);
}

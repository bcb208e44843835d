/**
 * Times the picture of a shelf's link preview (modules/share/shelf-card.render.ts) for a full shelf:
 * 50 items on a 10 × 5 grid, each a 384 × 480 WebP thumbnail as the store keeps them. Prints the wall
 * time and the process's CPU time (all threads) of each render, their medians, the time the event
 * loop was busy per render, and the longest stall of the event loop while they ran (the drawing runs in libvips' threads; what is left on the loop is
 * building the SVG and handing buffers over).
 *   npm run bench:shelf-card                  (5 renders)
 *   BENCH_RUNS=10 npm run bench:shelf-card
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { SAMPLE_NAMES, samplePhoto } from '../src/modules/generation/sample-photos';
import type { ShelfCardContent } from '../src/modules/share/shelf-card';
import { renderShelfCard } from '../src/modules/share/shelf-card.render';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ITEMS = 50;
const COLS = 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// Twenty different thumbnails (four sample photos in five tints), as many as 50 items need to vary.
const thumbs: Buffer[] = [];
for (const name of SAMPLE_NAMES) {
  const photo = await samplePhoto(name);
  for (let tint = 0; tint < 5; tint++) {
    thumbs.push(
      await sharp(photo)
        .resize(384, 480, { fit: 'cover' })
        .modulate({ hue: tint * 60 })
        .webp({ quality: 78, effort: 2 })
        .toBuffer(),
    );
  }
}
const content: ShelfCardContent = {
  handle: 'fullshelf',
  displayName: 'A Full Shelf',
  cols: COLS,
  rows: ITEMS / COLS,
  cells: Array.from({ length: ITEMS }, (_, i) => ({ imageId: String(i), col: i % COLS, row: Math.floor(i / COLS) })),
};
const image = async (id: string) => thumbs[Number(id) % thumbs.length]!;

await renderShelfCard(content, { appName: 'Curio', image }); // warm-up: libvips and fontconfig load their caches
// The loop's longest stall while it does nothing for as long, first: on a busy machine the process itself
// waits for a core, and that is no fault of the render.
const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
await new Promise((resolve) => setTimeout(resolve, 2_000));
idle.disable();
const wall: number[] = [];
const cpu: number[] = [];
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let bytes = 0;
const elu = performance.eventLoopUtilization();
for (let i = 0; i < RUNS; i++) {
  const c = cpuMs();
  const t = performance.now();
  bytes = (await renderShelfCard(content, { appName: 'Curio', image })).length;
  wall.push(performance.now() - t);
  cpu.push(cpuMs() - c);
}
loop.disable();
const mainMs = performance.eventLoopUtilization(elu).active / RUNS;
console.log(`shelf preview, ${ITEMS} items (${COLS} × ${ITEMS / COLS}), ${RUNS} renders on ${os.cpus().length} cores (load ${os.loadavg()[0]!.toFixed(2)})`);
console.log(`  wall ms: ${wall.map((w) => Math.round(w)).join(' ')}  median ${Math.round(median(wall))}`);
console.log(`  cpu ms:  ${cpu.map((w) => Math.round(w)).join(' ')}  median ${Math.round(median(cpu))}`);
console.log(`  on the event loop: ${Math.round(mainMs)} ms a render (the rest in libvips' threads)`);
console.log(
  `  longest event-loop stall: ${(loop.max / 1e6).toFixed(1)} ms while rendering, ${(idle.max / 1e6).toFixed(1)} ms idle for 2 s; PNG ${Math.round(bytes / 1024)} KB`,
);

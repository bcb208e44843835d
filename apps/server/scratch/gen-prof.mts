import sharp from 'sharp';
import { createStudioGenerator } from '../src/modules/generation/studio-generator';
import { samplePhoto } from '../src/modules/generation/sample-photos';
import { processImage } from '../src/modules/images/image-processing';
sharp.concurrency(1);
const stats = new Map<string, [number, number]>();
const orig = (sharp as any).prototype.toBuffer;
(sharp as any).prototype.toBuffer = function (...a: any[]) {
  const line = (new Error().stack!.split('\n')[2] ?? '').replace(/.*generation\//, '').replace(/.*images\//, 'img/').trim();
  const t = performance.now();
  const p = orig.apply(this, a);
  return p.then((r: any) => { const s = stats.get(line) ?? [0, 0]; s[0] += performance.now() - t; s[1]++; stats.set(line, s); return r; });
};
const photo = await samplePhoto('robot', { width: 300, height: 350 });
const cutout = await sharp(photo).ensureAlpha().png().toBuffer();
const g = createStudioGenerator();
for (const style of ['bright_gallery','bookshelf_hero','manga_halftone','museum_brick_exhibit'] as const) {
  const t = performance.now();
  const out = await g.generate({ style, title: 'Tin Rocket', photos: [{ role: 'front', photo, cutout }], seed: 'abc', lang: 'en' });
  const t2 = performance.now();
  await Promise.all(out.map((b) => processImage(b)));
  console.log(style, 'gen', (t2 - t).toFixed(0), 'store', (performance.now() - t2).toFixed(0));
}
for (const [k, v] of [...stats].sort((a, b) => b[1][0] - a[1][0]).slice(0, 20)) console.log(v[0].toFixed(0).padStart(6), String(v[1]).padStart(4), k);

import { createStudioGenerator } from '/work/main/apps/server/src/modules/generation/studio-generator';
import { samplePhoto } from '/work/main/apps/server/src/modules/generation/sample-photos';
import { processImage } from '/work/main/apps/server/src/modules/images/image-processing';
import sharp from 'sharp';
const photo = await samplePhoto('robot', { width: 300, height: 350 });
const cutout = await sharp(photo).ensureAlpha().png().toBuffer();
const g = createStudioGenerator();
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < 4; i++) {
  let c = cpu(), t = performance.now();
  const out = await g.generate({ style: 'bright_gallery', title: 'Tin Rocket', photos: [{ role: 'front', photo, cutout }], seed: 'abc' + i, lang: 'en' });
  const genWall = performance.now() - t, genCpu = cpu() - c;
  c = cpu(); t = performance.now();
  await Promise.all(out.map((b) => processImage(b)));
  console.log(`generate wall ${genWall.toFixed(0)} cpu ${genCpu.toFixed(0)} | store wall ${(performance.now() - t).toFixed(0)} cpu ${(cpu() - c).toFixed(0)} sizes ${out.map(b=>b.length).join(',')}`);
}

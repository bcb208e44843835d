import sharp from 'sharp';
import { compositions, sceneFor } from '../src/modules/generation/studio-scenes';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const style of ['bright_gallery','bookshelf_hero','manga_halftone','museum_brick_exhibit','cutting_mat'] as const) {
  const c = compositions('abc')[0]!;
  const scene = sceneFor(style as any, c, 'abc', 'Tin Rocket', 'en');
  let t = cpu();
  await sharp(Buffer.from(scene.background)).raw().toBuffer();
  const bg = cpu() - t;
  t = cpu();
  await sharp(Buffer.from(scene.background)).jpeg({ quality: 90 }).toBuffer();
  const bgj = cpu() - t;
  console.log(style, 'bg raw', bg.toFixed(0), 'bg+jpeg', bgj.toFixed(0), 'svg bytes', scene.background.length, 'overlay', scene.overlay?.length, 'tone', !!scene.tone, 'stage', !!scene.stage);
}

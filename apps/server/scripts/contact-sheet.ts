/**
 * Renders every style for the sample photos into one contact sheet PNG, to look at the studio
 * generator's output side by side: `npm run contact-sheet -w apps/server [-- out.png] [--model]
 * [--lang=zh-CN]`. With --model the subject is cut by the segmentation model (slow); otherwise by the
 * simple cut. With --lang=zh-CN the placards' words are Chinese and so are the titles (a CJK font
 * must be installed: fonts-noto-cjk).
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { LANGUAGES, STYLES, STYLE_LABELS, type Language } from '@curio/contract';
import { modelSegmenter } from '../src/modules/cutouts/segmenter';
import { simpleCut } from '../src/modules/cutouts/simple-cut';
import { createStudioGenerator } from '../src/modules/generation/studio-generator';
import { SAMPLE_NAMES, samplePhoto } from '../src/modules/generation/sample-photos';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--')) ?? 'contact-sheet.png';
const segment = args.includes('--model') ? modelSegmenter() : simpleCut;
const langArg = args.find((a) => a.startsWith('--lang='))?.slice('--lang='.length) ?? 'en';
if (!(LANGUAGES as readonly string[]).includes(langArg)) throw new Error(`--lang must be one of ${LANGUAGES.join(', ')}`);
const lang = langArg as Language;
const TW = 240;
const TH = 300;
const LABEL = 40;

const generator = createStudioGenerator();
/** Titles of the lengths collectors type, so placards that wrap or shrink show here. */
const TITLES: Record<Language, Record<string, string>> = {
  en: {
    robot: 'Tin robot',
    astronaut: 'STS-93 commander portrait figure, 1:6 scale',
    dino: 'Brachiosaurus from the 1993 museum shop collection, ceramic espresso cup edition',
  },
  'zh-CN': {
    robot: '铁皮机器人',
    astronaut: 'STS-93 指令长肖像手办，1:6 比例',
    dino: '1993 年博物馆商店限定腕龙陶瓷浓缩咖啡杯（初版）——附原装礼盒与收藏证书',
  },
};
const rows: sharp.OverlayOptions[] = [];
let y = 0;
for (const name of SAMPLE_NAMES) {
  const photo = await samplePhoto(name);
  const cutout = await segment(photo);
  for (const style of STYLES) {
    const t = performance.now();
    const variants = await generator.generate({
      style,
      title: TITLES[lang][name] ?? `Sample ${name}`,
      seed: `${name}-${style}`.padEnd(8, '0').replace(/[^0-9a-f]/g, 'a'),
      photos: [{ role: 'front', photo, cutout }],
      lang,
    });
    console.log(`${name} ${style}: ${Math.round(performance.now() - t)} ms`);
    rows.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${TW * 6}" height="${LABEL}"><rect width="100%" height="100%" fill="#222"/><text x="12" y="27" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#fff">${name} · ${STYLE_LABELS[style]}</text></svg>`,
      ),
      left: 0,
      top: y,
    });
    rows.push({ input: await sharp(photo).resize(TW, TH, { fit: 'cover' }).toBuffer(), left: 0, top: y + LABEL });
    for (let i = 0; i < variants.length; i++) {
      rows.push({ input: await sharp(variants[i]!).resize(TW, TH).toBuffer(), left: TW * (i + 1), top: y + LABEL });
    }
    y += TH + LABEL;
  }
}
const sheet = await sharp({ create: { width: TW * 6, height: y, channels: 3, background: '#111' } })
  .composite(rows)
  .png()
  .toBuffer();
writeFileSync(out, sheet);
console.log(`wrote ${out}`);

/**
 * The style gallery: the four drawn test photos in the five styles, through the real pipeline (the
 * segmentation model's cut-out, then the studio generator), kept up to date in docs/design.md.
 *
 *   npm run style-gallery                       writes docs/style-gallery.jpg (each photo, then its first
 *                                               variant in every style) and the table of how each photo
 *                                               was shown into docs/design.md
 *   npm run style-gallery -- --sheet out.png    every variant of every style instead, into one image to
 *                                               look at (not the docs); with --simple the subject is cut
 *                                               by the simple cut (quick), with --lang=zh-CN the titles
 *                                               and placards' words are Chinese
 *
 * A CJK font must be installed for Chinese (fonts-noto-cjk).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { LANGUAGES, STYLES, STYLE_LABELS, type ImageTreatment, type Language } from '@curio/contract';
import { modelSegmenter } from '../src/modules/cutouts/segmenter';
import { simpleCut } from '../src/modules/cutouts/simple-cut';
import { SAMPLE_NAMES, samplePhoto, type SampleName } from '../src/modules/generation/sample-photos';
import { createStudioGenerator } from '../src/modules/generation/studio-generator';

const args = process.argv.slice(2);
const sheetAt = args.indexOf('--sheet');
const sheetOut = sheetAt >= 0 ? args[sheetAt + 1] : undefined;
if (sheetAt >= 0 && !sheetOut) throw new Error('--sheet needs the file to write');
const segment = args.includes('--simple') ? simpleCut : modelSegmenter();
const langArg = args.find((a) => a.startsWith('--lang='))?.slice('--lang='.length) ?? 'en';
if (!(LANGUAGES as readonly string[]).includes(langArg)) throw new Error(`--lang must be one of ${LANGUAGES.join(', ')}`);
const lang = langArg as Language;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TW = 240;
const TH = 300;
const LABEL = 40;

/** Titles of the lengths collectors type, so placards that wrap or shrink show here. */
const TITLES: Record<Language, Record<SampleName, string>> = {
  en: {
    robot: 'Tin robot',
    astronaut: 'STS-93 commander portrait figure, 1:6 scale',
    dino: 'Brachiosaurus from the 1993 museum shop collection, ceramic espresso cup edition',
    cat: 'Plush cat',
  },
  'zh-CN': {
    robot: '铁皮机器人',
    astronaut: 'STS-93 指令长肖像手办，1:6 比例',
    dino: '1993 年博物馆商店限定腕龙陶瓷浓缩咖啡杯（初版）——附原装礼盒与收藏证书',
    cat: '毛绒猫',
  },
};

const label = (text: string, width: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#222"/><text x="12" y="27" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#fff">${text}</text></svg>`,
  );
const thumb = (img: Buffer, fit: 'cover' | 'fill' = 'fill') => sharp(img).resize(TW, TH, { fit }).toBuffer();

const generator = createStudioGenerator();
const tiles: sharp.OverlayOptions[] = [];
const shown: { name: SampleName; treatment: ImageTreatment | null; ms: number }[] = [];
let y = 0;
for (const name of SAMPLE_NAMES) {
  const photo = await samplePhoto(name);
  const cutout = await segment(photo);
  if (!sheetOut) tiles.push({ input: label(`${name} · photo, then ${STYLES.map((s) => STYLE_LABELS[s]).join(', ')}`, TW * 6), left: 0, top: y });
  if (!sheetOut) tiles.push({ input: await thumb(photo, 'cover'), left: 0, top: y + LABEL });
  let treatment: ImageTreatment | null = null;
  let ms = 0;
  for (const [s, style] of STYLES.entries()) {
    const t = performance.now();
    const result = await generator.generate({
      style,
      title: TITLES[lang][name],
      seed: `${name}-${style}`.padEnd(8, '0').replace(/[^0-9a-f]/g, 'a'),
      photos: [{ role: 'front', photo, cutout }],
      lang,
    });
    ms += performance.now() - t;
    treatment = result.treatment;
    console.log(`${name} ${style}: ${Math.round(performance.now() - t)} ms, ${result.treatment?.kind ?? 'model'}`);
    if (!sheetOut) {
      tiles.push({ input: await thumb(result.images[0]!), left: TW * (s + 1), top: y + LABEL });
      continue;
    }
    tiles.push({ input: label(`${name} · ${STYLE_LABELS[style]}`, TW * 6), left: 0, top: y });
    tiles.push({ input: await thumb(photo, 'cover'), left: 0, top: y + LABEL });
    for (const [i, img] of result.images.entries()) tiles.push({ input: await thumb(img), left: TW * (i + 1), top: y + LABEL });
    y += TH + LABEL;
  }
  if (!sheetOut) y += TH + LABEL;
  shown.push({ name, treatment, ms: ms / STYLES.length });
}
const image = sharp({ create: { width: TW * 6, height: y, channels: 3, background: '#111' } }).composite(tiles);

if (sheetOut) {
  writeFileSync(sheetOut, await image.png().toBuffer());
  console.log(`wrote ${sheetOut}`);
} else {
  writeFileSync(path.join(root, 'docs/style-gallery.jpg'), await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer());
  const how = (t: ImageTreatment | null) =>
    !t
      ? 'staged by the image model'
      : t.kind === 'cutout'
        ? 'its cut-out'
        : `the whole photo as a framed print (${t.reason === 'fills_frame' ? 'the subject fills the frame' : 'the mask is unsure'})`;
  const section = [
    '<!-- style-gallery:start (written by `npm run style-gallery`; do not edit by hand) -->',
    '![The four test photos, each followed by its first variant in Bookshelf Hero, Bright Gallery, Manga Halftone, Museum Brick Exhibit and Desk Figure Prototype](style-gallery.jpg)',
    '',
    '| Photo | Title | Shown as | Per style |',
    '| --- | --- | --- | --- |',
    ...shown.map((r) => `| ${r.name} | ${TITLES[lang][r.name]} | ${how(r.treatment)} | ${(r.ms / 1000).toFixed(1)} s |`),
    '<!-- style-gallery:end -->',
  ].join('\n');
  const designPath = path.join(root, 'docs/design.md');
  const design = readFileSync(designPath, 'utf8');
  const marked = /<!-- style-gallery:start[\s\S]*?<!-- style-gallery:end -->/;
  if (!marked.test(design)) throw new Error('docs/design.md has no style-gallery section to update');
  writeFileSync(designPath, design.replace(marked, section));
  console.log('wrote docs/style-gallery.jpg and the style gallery in docs/design.md');
}

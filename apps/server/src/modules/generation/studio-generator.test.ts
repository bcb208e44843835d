import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLES, type Style } from '@curio/contract';
import { simpleCut } from '../cutouts/simple-cut';
import { samplePhoto } from './sample-photos';
import type { GenerationRequest } from './generator';
import { createStudioGenerator } from './studio-generator';

const generator = createStudioGenerator();
const render = async (req: GenerationRequest) => (await generator.generate(req)).images;
let photos: { role: 'front'; photo: Buffer; cutout: Buffer }[];
beforeAll(async () => {
  const photo = await samplePhoto('robot', { width: 600, height: 700 });
  photos = [{ role: 'front', photo, cutout: await simpleCut(photo) }];
});

/** The five variants of a style for the robot, rendered once for the tests that only look at them. */
const renders = new Map<Style, Promise<Buffer[]>>();
const rendered = (style: Style) => {
  let images = renders.get(style);
  if (!images) renders.set(style, (images = render({ style, title: 'Tin robot', seed: 'a1b2c3d4e5', photos })));
  return images;
};

const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const stats = async (b: Buffer) => {
  const s = await sharp(b).stats();
  const [r, g, bl] = s.channels.map((c) => c.mean) as [number, number, number];
  return { r, g, b: bl, sat: Math.max(r, g, bl) - Math.min(r, g, bl), light: (r + g + bl) / 3 };
};

describe('studio generator', () => {
  it('renders five different 4:5 images, and the same input gives the same output', async () => {
    const req = { style: 'bookshelf_hero' as const, title: 'Tin robot', seed: 'a1b2c3d4e5', photos };
    const first = await rendered(req.style);
    expect(first).toHaveLength(5);
    expect(new Set(first.map(hash)).size).toBe(5);
    for (const img of first) {
      const m = await sharp(img).metadata();
      expect(m.width! / m.height!).toBeCloseTo(0.8, 2);
    }
    const second = await render(req);
    expect(second.map(hash)).toEqual(first.map(hash));
  }, 60_000);

  it("writes the placard's words in the collector's language and changes nothing else", async () => {
    const req = { style: 'museum_brick_exhibit' as const, title: 'Tin robot', seed: 'a1b2c3d4e5', photos };
    const [en, enByDefault, zh, zhAgain] = await Promise.all([
      render({ ...req, lang: 'en' }),
      rendered(req.style),
      render({ ...req, lang: 'zh-CN' }),
      render({ ...req, lang: 'zh-CN' }),
    ]);
    expect(enByDefault.map(hash)).toEqual(en.map(hash));
    expect(zhAgain.map(hash)).toEqual(zh.map(hash));
    // The zoomed portrait (variant 3) leaves the plaque out: the same picture in either language.
    expect(hash(zh[2]!)).toBe(hash(en[2]!));
    for (const i of [0, 1, 3, 4]) {
      expect(hash(zh[i]!), `variant ${i + 1}`).not.toBe(hash(en[i]!));
      // Only the plaque's credit line differs: a small part of the picture.
      const [a, b] = await Promise.all([en[i]!, zh[i]!].map((img) => sharp(img).greyscale().raw().toBuffer()));
      let changed = 0;
      for (let k = 0; k < a!.length; k++) if (Math.abs(a![k]! - b![k]!) > 24) changed++;
      expect(changed / a!.length, `variant ${i + 1}`).toBeLessThan(0.01);
    }
  }, 120_000);

  it('makes five clearly different compositions in every style (no two variants alike)', async () => {
    // Mean absolute grey difference of 48 × 60 thumbnails, 0–255: near-copies (the same framing
    // with a little jitter) score under 10.
    const thumbs = (imgs: Buffer[]) => Promise.all(imgs.map((b) => sharp(b).resize(48, 60, { fit: 'fill' }).greyscale().raw().toBuffer()));
    for (const style of STYLES) {
      const t = await thumbs(await rendered(style));
      for (let i = 0; i < t.length; i++) {
        for (let j = i + 1; j < t.length; j++) {
          let d = 0;
          for (let k = 0; k < t[i]!.length; k++) d += Math.abs(t[i]![k]! - t[j]![k]!);
          expect(d / t[i]!.length, `${style}: variants ${i + 1} and ${j + 1}`).toBeGreaterThan(15);
        }
      }
    }
  }, 120_000);

  it('gives each style its own look', async () => {
    const looks: Record<string, Awaited<ReturnType<typeof stats>>> = {};
    for (const style of STYLES) {
      const [img] = await rendered(style);
      looks[style] = await stats(img!);
    }
    // Manga is ink on (slightly warm) paper: next to no colour, far less than any other style.
    expect(looks.manga_halftone!.sat).toBeLessThan(8);
    for (const style of STYLES.filter((s) => s !== 'manga_halftone')) {
      expect(looks[style]!.sat, style).toBeGreaterThan(looks.manga_halftone!.sat * 2);
    }
    // The gallery is the brightest scene, the bookshelf the darkest.
    const byLight = Object.entries(looks)
      .sort((a, b) => b[1].light - a[1].light)
      .map(([s]) => s);
    expect(byLight[0]).toBe('bright_gallery');
    expect(byLight.at(-1)).toBe('bookshelf_hero');
    // Brick is red-dominant, the cutting mat green-dominant.
    expect(looks.museum_brick_exhibit!.r).toBeGreaterThan(looks.museum_brick_exhibit!.g + 10);
    expect(looks.desk_figure_prototype!.g).toBeGreaterThan(looks.desk_figure_prototype!.r + 10);
  }, 120_000);

  it('keeps the item recognisable: its colours stand in the picture', async () => {
    // The robot's red body must be there in every style but manga (which is monochrome).
    for (const style of STYLES.filter((s) => s !== 'manga_halftone')) {
      const [img] = await rendered(style);
      const { data, info } = await sharp(img!).resize(240, 300).raw().toBuffer({ resolveWithObject: true });
      let red = 0;
      for (let i = 0; i < info.width * info.height; i++) {
        const [r, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
        if (r > 150 && g < 110 && b < 100) red++;
      }
      expect(red / (info.width * info.height), style).toBeGreaterThan(0.02);
    }
  }, 120_000);

  it('says how it showed the item: the robot as its cut-out, the close-up cat whole, as a framed print', async () => {
    expect((await generator.generate({ style: 'bright_gallery', title: 'Tin robot', seed: 'a1b2c3d4e5', photos })).treatment).toEqual({
      kind: 'cutout',
      reason: null,
    });
    const cat = await samplePhoto('cat', { width: 600, height: 700 });
    const result = await generator.generate({
      style: 'bright_gallery',
      title: 'Plush cat',
      seed: 'a1b2c3d4e5',
      photos: [{ role: 'front', photo: cat, cutout: await simpleCut(cat) }],
    });
    expect(result.treatment).toEqual({ kind: 'print', reason: 'fills_frame' });
    expect(result.images).toHaveLength(5);
    // The whole photo stands in the scene: its slate-blue backdrop, which a cut-out removes, is in every variant.
    for (const [i, img] of result.images.entries()) {
      const { data, info } = await sharp(img).resize(240, 300).raw().toBuffer({ resolveWithObject: true });
      let backdrop = 0;
      for (let k = 0; k < info.width * info.height; k++) {
        const [r, g, b] = [data[k * 3]!, data[k * 3 + 1]!, data[k * 3 + 2]!];
        if (b > r + 25 && b > g + 10 && r < 120) backdrop++;
      }
      expect(backdrop / (info.width * info.height), `variant ${i + 1}`).toBeGreaterThan(0.004);
    }
  }, 60_000);
});

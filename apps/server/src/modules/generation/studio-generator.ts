import sharp from 'sharp';
import { VARIANTS_PER_GENERATION, type Style } from '@curio/contract';
import type { GenerationRequest, Generator, GeneratorPhoto } from './generator';
import { COMPANION, compositions, fitSize, H, INK_PAD, layoutVariant, MAIN_MAX_W, moodOverlay, sceneFor, W, type Composition } from './studio-scenes';
import { assessCutout, framedPrint } from './treatment';

/** The alpha channel of an image as one-band raw pixels. */
async function alphaOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: 1 as const } };
}

/**
 * Puts an alpha channel (one-band raw) back onto an image, replacing whatever alpha it had. Two
 * pipelines, because sharp removes alpha after joining channels within one.
 */
async function withAlpha(png: Buffer, alpha: Awaited<ReturnType<typeof alphaOf>>) {
  const rgb = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(rgb.data, { raw: rgb.info }).joinChannel(alpha.data, { raw: alpha.raw }).png(FAST_PNG).toBuffer();
}

/** Intermediate images are only passed between pipelines: no time spent compressing them. */
const FAST_PNG = { compressionLevel: 0, adaptiveFiltering: false } as const;

const SUBJECT_MAX = 1000;

interface Subject {
  png: Buffer;
  width: number;
  height: number;
}

/** The cut-out cropped to its visible pixels (alpha above a small threshold). */
async function trimSubject(cutout: Buffer): Promise<Subject> {
  const img = sharp(cutout).ensureAlpha();
  const { data, raw: info } = await alphaOf(cutout);
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 24) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  // Nothing found: use the whole photo rather than failing the request.
  if (maxX < 0) {
    const png = await img.png(FAST_PNG).toBuffer();
    return { png, width: info.width, height: info.height };
  }
  // Cropped, then capped at the largest size a variant draws it (about 1000 px), so the five
  // variants each start from a small image instead of the full photo.
  const out = await img
    .extract({ left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 })
    .resize(SUBJECT_MAX, SUBJECT_MAX, { fit: 'inside', withoutEnlargement: true })
    .png(FAST_PNG)
    .toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height };
}

/** Resizes a subject to a height (width capped), tilts it, and lights it from one side. */
async function placeSubject(s: Subject, targetH: number, maxW: number, c: Composition, style: Style) {
  let { width: w, height: h } = fitSize(s, targetH, maxW);
  let body = sharp(s.png).resize(w, h, { fit: 'fill' });
  if (style === 'manga_halftone') body = body.grayscale().linear([1.5, 1], [-45, 0]);
  else if (style === 'bookshelf_hero') body = body.modulate({ brightness: 1.03, saturation: 1.08 });
  else if (style === 'museum_brick_exhibit') body = body.modulate({ brightness: 1.02, saturation: 0.95 });
  else if (style === 'bright_gallery') body = body.modulate({ brightness: 1.06 });
  let png = await body.png(FAST_PNG).toBuffer();

  const alpha = await alphaOf(png);
  if (style === 'manga_halftone') {
    // Screen tone on the shadow side: a dot tile, faded out towards the light.
    const dots = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fff"/><circle cx="5" cy="5" r="2.2" fill="#000" opacity="0.6"/><circle cx="0" cy="0" r="2.2" fill="#000" opacity="0.6"/><circle cx="10" cy="0" r="2.2" fill="#000" opacity="0.6"/><circle cx="0" cy="10" r="2.2" fill="#000" opacity="0.6"/><circle cx="10" cy="10" r="2.2" fill="#000" opacity="0.6"/></svg>',
    );
    const fade = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="${c.light < 0 ? 0 : 1}" y1="0" x2="${c.light < 0 ? 1 : 0}" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );
    const tone = await sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } })
      .composite([{ input: dots, tile: true, left: 0, top: 0 }, { input: fade }])
      .png(FAST_PNG)
      .toBuffer();
    png = await withAlpha(
      await sharp(png)
        .composite([{ input: tone, blend: 'multiply' }])
        .png(FAST_PNG)
        .toBuffer(),
      alpha,
    );
    // Ink outline: the silhouette grown by a few pixels, in black, behind the figure.
    const pad = INK_PAD;
    const grown = await sharp(alpha.data, { raw: alpha.raw })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#000000' })
      .blur(3.5)
      .threshold(12)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    const ink = await sharp({ create: { width: w + pad * 2, height: h + pad * 2, channels: 3, background: '#0d0d0d' } })
      .joinChannel(grown, { raw: { width: w + pad * 2, height: h + pad * 2, channels: 1 } })
      .png(FAST_PNG)
      .toBuffer();
    png = await sharp(ink)
      .composite([{ input: png, left: pad, top: pad }])
      .png(FAST_PNG)
      .toBuffer();
    w += pad * 2;
    h += pad * 2;
  } else {
    // Side light: a soft gradient across the figure, kept inside its outline.
    const from = c.light < 0 ? 0 : 1;
    const light = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="${from}" y1="0" x2="${1 - from}" y2="0.3"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#808080" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );
    png = await withAlpha(
      await sharp(png)
        .composite([{ input: light, blend: 'soft-light' }])
        .png(FAST_PNG)
        .toBuffer(),
      alpha,
    );
  }
  if (Math.abs(c.tilt) > 0.2) {
    const rotated = await sharp(png)
      .rotate(c.tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png(FAST_PNG)
      .toBuffer({ resolveWithObject: true });
    png = rotated.data;
    w = rotated.info.width;
    h = rotated.info.height;
  }
  return { png, width: w, height: h };
}

/** A blurred silhouette cast away from the light, and a contact shadow at the feet. */
async function shadowFor(subject: { png: Buffer; width: number; height: number }, opacity: number, light: number) {
  const pad = 60;
  const a = await alphaOf(subject.png);
  const w = a.raw.width + pad * 2;
  const h = a.raw.height + pad * 2;
  // Blurred at a quarter of the size and scaled back: a soft shadow needs no detail, and it is 16× less work.
  const q = 4;
  const small = await sharp(a.data, { raw: a.raw })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#000000' })
    .resize(Math.round(w / q), Math.round(h / q))
    .linear(opacity, 0)
    .blur(18 / q)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const alpha = await sharp(small.data, { raw: small.info }).resize(w, h).toColourspace('b-w').raw().toBuffer();
  const png = await sharp({ create: { width: w, height: h, channels: 3, background: '#000' } })
    .joinChannel(alpha, { raw: { width: w, height: h, channels: 1 } })
    .png(FAST_PNG)
    .toBuffer();
  return { png, width: w, height: h, dx: -pad - Math.round(light * 36), dy: -pad + 14 };
}

interface Layer {
  input: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
  blend?: sharp.Blend;
}

/** Clips a layer to the canvas (sharp refuses overlays that reach past it). */
async function clipLayer(l: Layer): Promise<sharp.OverlayOptions | null> {
  const x0 = Math.max(0, l.left);
  const y0 = Math.max(0, l.top);
  const x1 = Math.min(W, l.left + l.width);
  const y1 = Math.min(H, l.top + l.height);
  if (x1 <= x0 || y1 <= y0) return null;
  if (x0 === l.left && y0 === l.top && x1 - x0 === l.width && y1 - y0 === l.height) {
    return { input: l.input, left: l.left, top: l.top, blend: l.blend };
  }
  const input = await sharp(l.input)
    .extract({ left: x0 - l.left, top: y0 - l.top, width: x1 - x0, height: y1 - y0 })
    .png(FAST_PNG)
    .toBuffer();
  return { input, left: x0, top: y0, blend: l.blend };
}

/**
 * A full-canvas overlay. A detailed one is composited from its SVG, drawn at full size; a soft gradient is drawn at a
 * quarter of the size and scaled up bilinearly (a gradient has no detail a sharper kernel would keep). Both reach the
 * composite as they are, without a PNG between pipelines: encoding and decoding a full-canvas PNG cost more than
 * drawing it.
 */
async function smoothLayer(svg: string, detailed: boolean): Promise<sharp.OverlayOptions> {
  if (detailed) return fullCanvas(svg);
  const q = 4;
  const small = await sharp(Buffer.from(svg), { density: 72 / q })
    .resize(W / q, H / q, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const big = await sharp(small.data, { raw: small.info }).resize(W, H, { fit: 'fill', kernel: 'linear' }).raw().toBuffer({ resolveWithObject: true });
  return { input: big.data, raw: { width: big.info.width, height: big.info.height, channels: big.info.channels }, left: 0, top: 0 };
}

const fullCanvas = (svg: string): sharp.OverlayOptions => ({ input: Buffer.from(svg), left: 0, top: 0 });

/** Renders one variant; `whole` keeps the main figure whole in a zoomed composition (a framed print). */
async function renderVariant(req: GenerationRequest, subjects: Subject[], c: Composition, whole: boolean): Promise<Buffer> {
  const floorY = Math.round(c.floor * H);
  const main = await placeSubject(subjects[0]!, c.scale * H, MAIN_MAX_W, c, req.style);
  const second = c.companion && subjects[1] ? await placeSubject(subjects[1], c.scale * H * COMPANION.scale, COMPANION.maxW, c, req.style) : null;
  const layout = layoutVariant(c, req.style, main, second, whole);
  const scene = sceneFor(req.style, c, req.seed, req.title, req.lang ?? 'en', layout);
  // The companion is drawn first, behind the main figure.
  const placed = [main, second].flatMap((s, i) => (s ? [{ s, left: layout.figures[i]!.left, top: layout.figures[i]!.top }] : [])).reverse();

  const overlays: (sharp.OverlayOptions | null)[] = [];
  if (scene.tone) overlays.push({ input: Buffer.from(scene.tone.svg), tile: true, left: 0, top: 0, blend: scene.tone.blend });
  if (scene.stage) overlays.push(fullCanvas(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${scene.stage}</svg>`));
  for (const f of placed) {
    if (scene.shadowOpacity > 0) {
      const sh = await shadowFor(f.s, scene.shadowOpacity, c.light);
      const rx = f.s.width * 0.55;
      const ry = Math.max(14, f.s.width * 0.07);
      const contact = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(rx * 2)}" height="${Math.ceil(ry * 2)}"><defs><radialGradient id="c"><stop offset="0" stop-color="#000" stop-opacity="${scene.shadowOpacity}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${rx}" cy="${ry}" rx="${rx}" ry="${ry}" fill="url(#c)"/></svg>`,
      );
      overlays.push(
        await clipLayer({
          input: contact,
          left: Math.round(f.left + f.s.width / 2 - rx),
          top: Math.round(floorY + 4 - ry),
          width: Math.ceil(rx * 2),
          height: Math.ceil(ry * 2),
        }),
      );
      overlays.push(await clipLayer({ input: sh.png, left: f.left + sh.dx, top: f.top + sh.dy, width: sh.width, height: sh.height }));
    }
    overlays.push(await clipLayer({ input: f.s.png, left: f.left, top: f.top, width: f.s.width, height: f.s.height }));
  }
  const mood = moodOverlay(c, req.style === 'manga_halftone');
  if (mood) overlays.push(await smoothLayer(mood, false));
  // A soft overlay (light, vignette) belongs to the scene; a detailed one (manga's frame and
  // caption) to the picture: it is drawn after a zoomed crop, whole and sharp.
  if (scene.overlay && !scene.overlayDetail) overlays.push(await smoothLayer(scene.overlay, false));
  const frame = scene.overlay && scene.overlayDetail ? [await smoothLayer(scene.overlay, true)] : [];

  const composed = sharp(Buffer.from(scene.background)).composite(overlays.filter((o): o is sharp.OverlayOptions => o !== null));
  const { view } = layout;
  if (view.width === W && view.height === H) {
    if (!frame.length) return composed.jpeg({ quality: 90 }).toBuffer();
    const raw = await composed.raw().toBuffer({ resolveWithObject: true });
    return sharp(raw.data, { raw: raw.info }).composite(frame).jpeg({ quality: 90 }).toBuffer();
  }
  // Crop to the layout's view (a portrait around the subject's upper part) and scale back up, in a
  // second pipeline (sharp would crop before compositing in one).
  const raw = await composed.raw().toBuffer({ resolveWithObject: true });
  const cropped = sharp(raw.data, { raw: raw.info }).extract(view).resize(W, H);
  if (!frame.length) return cropped.jpeg({ quality: 90 }).toBuffer();
  const big = await cropped.raw().toBuffer({ resolveWithObject: true });
  return sharp(big.data, { raw: big.info }).composite(frame).jpeg({ quality: 90 }).toBuffer();
}

/** Orders photos so the front view leads; other roles follow in upload order. */
function ordered(photos: GeneratorPhoto[]) {
  return [...photos.filter((p) => p.role === 'front'), ...photos.filter((p) => p.role !== 'front')];
}

/** A framed print stands a little smaller than a cut-out would: its frame adds to it, and a print fills its box. */
const PRINT_SCALE = 0.82;

/**
 * The offline generator: the subject, cut from its photo, is staged in a scene drawn for the style
 * (shelf, gallery wall, manga panel, brick museum, cutting mat), in five compositions. When the lead
 * photo's cut-out would not flatter it (a close-up, or an unsure mask), every photo is shown whole
 * as a framed print instead, and the result says so.
 */
export function createStudioGenerator(): Generator {
  return {
    name: 'studio',
    async generate(req) {
      const photos = ordered(req.photos).slice(0, 3);
      const treatment = await assessCutout(photos[0]!.cutout);
      const subjects = await Promise.all(photos.map((p) => (treatment.kind === 'print' ? framedPrint(p.photo, req.style) : trimSubject(p.cutout))));
      const comps = compositions(req.seed)
        .slice(0, VARIANTS_PER_GENERATION)
        .map((c) => (treatment.kind === 'print' ? { ...c, scale: c.scale * PRINT_SCALE } : c));
      // All five at once: libvips spreads the work over the cores; each variant is small.
      const images = await Promise.all(comps.map((c) => renderVariant(req, subjects, c, treatment.kind === 'print')));
      return { images, treatment };
    },
  };
}

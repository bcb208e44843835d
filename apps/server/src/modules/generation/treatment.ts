import sharp from 'sharp';
import type { ImageTreatment, Style } from '@curio/contract';

/** The size the mask is judged at: enough to measure edges and softness, small enough to be instant. */
const PROBE = 200;
/** A subject whose mask covers this share of the top, left or right edge is cut by the frame (ears cut straight). */
const SIDE_EDGE = 0.06;
/** The bottom edge may carry a bust's base or a figure's stand; only a wide contact counts there. */
const BOTTOM_EDGE = 0.3;
/** A subject covering this share of the photo is a close-up: nothing of a scene would be left to place it in. */
const CLOSE_UP_AREA = 0.6;
/** A mask with this share of half-transparent pixels among the subject's is unsure where the subject ends. */
const UNSURE_SOFT = 0.3;
/** Below this share of the photo, the mask found (almost) nothing. */
const EMPTY_AREA = 0.01;

/**
 * Whether a cut-out flatters the subject, judged from its mask: a subject that touches the frame's top or sides, or
 * fills most of it, comes out of a cut-out with straight-cut edges and leftover background (`fills_frame`); a mask
 * with mostly soft edges, or with nothing in it, does not know where the subject ends (`unsure_mask`). Either way the
 * whole photo is shown as a framed print instead.
 */
export async function assessCutout(cutout: Buffer): Promise<ImageTreatment> {
  const { data, info } = await sharp(cutout)
    .ensureAlpha()
    .extractChannel(3)
    .resize(PROBE, PROBE, { fit: 'inside' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const solid = (x: number, y: number) => data[y * w + x]! > 128;
  const share = (n: number, at: (i: number) => boolean) => {
    let hits = 0;
    for (let i = 0; i < n; i++) if (at(i)) hits++;
    return hits / n;
  };
  const top = share(w, (x) => solid(x, 0));
  const bottom = share(w, (x) => solid(x, h - 1));
  const left = share(h, (y) => solid(0, y));
  const right = share(h, (y) => solid(w - 1, y));
  let subject = 0;
  let soft = 0;
  for (const v of data) {
    if (v > 32) subject++;
    if (v > 32 && v < 224) soft++;
  }
  const area = subject / data.length;
  if (area < EMPTY_AREA || soft / subject > UNSURE_SOFT) return { kind: 'print', reason: 'unsure_mask' };
  if (Math.max(top, left, right) >= SIDE_EDGE || bottom >= BOTTOM_EDGE || area >= CLOSE_UP_AREA) return { kind: 'print', reason: 'fills_frame' };
  return { kind: 'cutout', reason: null };
}

/** How each style frames a print: the moulding's colour and width, the mat inside it, and a card's deeper bottom. */
const FRAMES: Record<Style, { frame: string; frameWidth: number; mat: string; matWidth: number; matBottom?: number }> = {
  bookshelf_hero: { frame: '#3b2414', frameWidth: 0.045, mat: '#efe4cf', matWidth: 0.05 },
  bright_gallery: { frame: '#1d1d1d', frameWidth: 0.018, mat: '#ffffff', matWidth: 0.09 },
  manga_halftone: { frame: '#ffffff', frameWidth: 0, mat: '#ffffff', matWidth: 0.035 },
  museum_brick_exhibit: { frame: '#b08a3e', frameWidth: 0.05, mat: '#f3ecdc', matWidth: 0.035 },
  // A photo card, as pinned on a desk: white border, deeper at the bottom.
  desk_figure_prototype: { frame: '#ffffff', frameWidth: 0, mat: '#fbfbf7', matWidth: 0.045, matBottom: 0.16 },
};

const PRINT_MAX = 900;

/**
 * The whole photo as a framed print (or a photo card, by style) with a soft vignette: what stands in the scene when
 * the cut-out would not flatter the subject. Opaque, so it lights and casts its shadow as a cut-out does.
 */
export async function framedPrint(photo: Buffer, style: Style): Promise<{ png: Buffer; width: number; height: number }> {
  const inner = await sharp(photo).rotate().resize(PRINT_MAX, PRINT_MAX, { fit: 'inside', withoutEnlargement: true }).toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = inner.info;
  const vignette = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="v" cx="0.5" cy="0.48" r="0.72"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.42"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`,
  );
  const f = FRAMES[style];
  const size = Math.max(w, h);
  const fw = Math.round(size * f.frameWidth);
  const mw = Math.round(size * f.matWidth);
  const mb = Math.round(size * (f.matBottom ?? f.matWidth));
  const outW = w + 2 * (fw + mw);
  const outH = h + 2 * fw + mw + mb;
  const bevel = Math.max(2, Math.round(size * 0.004));
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}">
      <rect width="${outW}" height="${outH}" fill="${f.frame}"/>
      ${fw ? `<rect x="${fw / 2}" y="${fw / 2}" width="${outW - fw}" height="${outH - fw}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="${Math.max(2, fw / 4)}"/>` : ''}
      <rect x="${fw}" y="${fw}" width="${outW - 2 * fw}" height="${outH - 2 * fw}" fill="${f.mat}"/>
      <rect x="${fw + mw - bevel}" y="${fw + mw - bevel}" width="${w + 2 * bevel}" height="${h + 2 * bevel}" fill="#000" opacity="0.18"/>
    </svg>`,
  );
  const body = await sharp(inner.data)
    .composite([{ input: vignette }])
    .png({ compressionLevel: 0 })
    .toBuffer();
  const png = await sharp(frame)
    .composite([{ input: body, left: fw + mw, top: fw + mw }])
    .ensureAlpha()
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  return { png, width: outW, height: outH };
}

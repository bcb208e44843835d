import sharp from 'sharp';
import { html, htmlText, trusted, type HtmlFragment } from '../../lib/html';
import { fitText, measure, textHeight, textSvg } from '../generation/placard-text';
import { SHELF_CARD, type ShelfCardContent } from './shelf-card';

/**
 * Draws a shelf's link preview (1200 × 630 PNG): the cabinet as the profile draws it (a wooden frame,
 * the back panel, a plank under every row with a soft shadow, each item's chosen image standing on it),
 * the collector's name in the serif display face with their @handle, and the product's mark small in a
 * corner. A shelf with nothing to show is a calm card of the name and the mark. Everything is drawn by
 * sharp (libvips, off the event loop); the same content and images always give the same bytes.
 */

const { width: W, height: H } = SHELF_CARD;

/** The web app's light theme (apps/web/src/styles.css). */
const C = {
  paper: '#f7f2ea',
  surface: '#fffcf7',
  ink: '#2a211b',
  muted: '#6b5d52',
  accent: '#a8431d',
  onAccent: '#fbf3e8',
  wood: '#c49a6c',
  woodLight: '#d6b188',
  woodEdge: '#9c7349',
  woodDark: '#86613b',
  cabinet: '#ebe1d2',
  sunken: '#efe7db',
  shadow: 'rgb(40,28,18)',
} as const;

/** The cabinet's proportions, in cell widths (the profile's cells are 4:5). */
const CELL_RATIO = 1.25;
const GAP = 0.1;
const SIDE = 0.22;
const ABOVE = 0.16;
const PLANK = 0.12;
const BELOW = 0.14;
/** The frame, in pixels. */
const FRAME = 16;
/** A cell never gets wider than this (one item stands tall, not enormous). */
const MAX_CELL = 250;
/** The band of words under a wide cabinet: its gap above, and the name's size (one line while it fits at 30 px). */
const BAND_GAP = 26;
const BAND_NAME = { size: 46, minSize: 30, maxLines: 1 };
/** Item images fetched and shrunk at a time (libvips' threads are shared with uploads and generation). */
const FETCH_AT_ONCE = 2;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The cabinet's cell width that fits `area`, and the cabinet's own box centred in it. */
function fitCabinet(cols: number, rows: number, area: Box) {
  const kw = cols + (cols - 1) * GAP + 2 * SIDE;
  const kh = rows * (ABOVE + CELL_RATIO + PLANK) + BELOW;
  const cw = Math.min((area.w - 2 * FRAME) / kw, (area.h - 2 * FRAME) / kh, MAX_CELL);
  const w = Math.round(cw * kw + 2 * FRAME);
  const h = Math.round(cw * kh + 2 * FRAME);
  return { cw, box: { x: Math.round(area.x + (area.w - w) / 2), y: Math.round(area.y + (area.h - h) / 2), w, h } };
}

/**
 * Where the cabinet and the words go: beside each other (the words on the left) for most shelves, or
 * the words in a band under a wide, low shelf, whichever gives the items larger cells.
 */
function arrange(cols: number, rows: number, bandWords: number) {
  const side = fitCabinet(cols, rows, { x: 460, y: 44, w: 1200 - 460 - 44, h: H - 88 });
  const band = fitCabinet(cols, rows, { x: 44, y: 36, w: W - 88, h: 430 });
  if (band.cw <= side.cw * 1.15) return { kind: 'side' as const, ...side };
  // The cabinet and the words under it, centred together.
  const all = band.box.h + BAND_GAP + bandWords;
  return { kind: 'band' as const, cw: band.cw, box: { ...band.box, y: Math.round((H - all) / 2) } };
}

/** The product's mark (the web app's BrandMark: three planks with things on them), `size` px square. */
function mark(x: number, y: number, size: number): HtmlFragment {
  const s = size / 32;
  return html`<g transform="translate(${x} ${y}) scale(${s.toFixed(4)})"><rect width="32" height="32" rx="8" fill="${C.accent}"/><path d="M7 9.5h18M7 17h18M7 24.5h18" stroke="${C.onAccent}" stroke-width="2.2" stroke-linecap="round" fill="none"/><rect x="10" y="11" width="4" height="5" rx="1" fill="${C.onAccent}"/><circle cx="20" cy="14" r="2.3" fill="${C.onAccent}"/><rect x="16.5" y="19" width="6" height="5" rx="1" fill="${C.onAccent}"/></g>`;
}

/** The mark with the product's name beside it, from (x, y) as its top-left corner; `anchor: 'end'` puts its right edge at x. */
function brand(appName: string, x: number, y: number, anchor: 'start' | 'end' = 'start'): HtmlFragment {
  const size = 34;
  const fontSize = 26;
  const nameW = measure(appName, fontSize, 'serif', true);
  const left = anchor === 'end' ? Math.round(x - size - 12 - nameW) : x;
  return html`${mark(left, y, size)}${trusted(
    textSvg(fitText(appName, { maxWidth: 400, maxLines: 1, size: fontSize, minSize: fontSize, font: 'serif', bold: true }), {
      x: left + size + 12,
      y: y + 26,
      font: 'serif',
      bold: true,
      fill: C.ink,
    }),
  )}`;
}

/** The name and the handle, fitted to a width; the handle on its own line, in the UI face. */
function fitWords(content: ShelfCardContent, maxWidth: number, name: { size: number; minSize: number; maxLines: number }) {
  const title = fitText(content.displayName, { maxWidth, maxLines: name.maxLines, size: name.size, minSize: name.minSize, font: 'serif', bold: true });
  const handle = fitText(`@${content.handle}`, { maxWidth, maxLines: 1, size: 26, minSize: 18, font: 'sans' });
  return { title, handle };
}

/** The geometry of every cell: the image's box, standing on its row's plank. */
function cellBoxes(content: ShelfCardContent, cw: number, box: Box) {
  const ch = cw * CELL_RATIO;
  const innerX = box.x + FRAME + cw * SIDE;
  const rowTop = (row: number) => box.y + FRAME + row * cw * (ABOVE + CELL_RATIO + PLANK) + cw * ABOVE;
  return {
    ch,
    plankTop: (row: number) => rowTop(row) + ch,
    cells: content.cells.map((cell) => ({
      cell,
      x: Math.round(innerX + cell.col * cw * (1 + GAP)),
      y: Math.round(rowTop(cell.row)),
      w: Math.round(cw),
      h: Math.round(ch),
    })),
  };
}

/** The image of one item, contained in its cell and standing on its bottom edge, with rounded corners. */
async function itemPicture(bytes: Buffer | null, cell: Box): Promise<Picture | null> {
  if (!bytes) return null;
  try {
    // Its size once contained in the cell (from the header), then one pipeline: shrunk, corners
    // rounded, handed over as raw pixels (no encoding between it and the card).
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    if (!meta.width || !meta.height) return null;
    const scale = Math.min(cell.w / meta.width, cell.h / meta.height);
    const w = Math.max(1, Math.round(meta.width * scale));
    const h = Math.max(1, Math.round(meta.height * scale));
    const radius = Math.max(2, Math.round(cell.w * 0.025));
    const rounded = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${radius}"/></svg>`);
    const { data, info } = await sharp(bytes, { failOn: 'none' })
      .resize(w, h, { fit: 'fill' })
      .ensureAlpha()
      .composite([{ input: rounded, blend: 'dest-in' }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      input: data,
      raw: { width: info.width, height: info.height, channels: info.channels },
      left: cell.x + Math.round((cell.w - w) / 2),
      top: cell.y + cell.h - h,
      w,
      h,
    };
  } catch {
    // An image that cannot be read: its cell shows the quiet empty frame, like the page's broken-image cell.
    return null;
  }
}

interface Picture {
  input: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  left: number;
  top: number;
  w: number;
  h: number;
}

/** A cabinet full of items, with the words beside or under it. */
async function cabinetCard(content: ShelfCardContent, appName: string, image: (imageId: string) => Promise<Buffer | null>) {
  const band = fitWords(content, 760, BAND_NAME);
  const { kind, cw, box } = arrange(content.cols, content.rows, textHeight(band.title) + 12 + band.handle.size);
  const { plankTop, cells } = cellBoxes(content, cw, box);
  const plankH = Math.max(6, Math.round(cw * PLANK));
  const innerLeft = box.x + FRAME;
  const innerW = box.w - 2 * FRAME;
  const blur = (n: number) => Math.max(1, n).toFixed(1);

  // The pictures, a few at a time; a missing one leaves its cell's quiet placeholder.
  const pictures: (Picture | null)[] = [];
  for (let i = 0; i < cells.length; i += FETCH_AT_ONCE) {
    const batch = cells.slice(i, i + FETCH_AT_ONCE);
    pictures.push(...(await Promise.all(batch.map(async (c) => itemPicture(await image(c.cell.imageId).catch(() => null), c)))));
  }

  // Each kind of shadow is one blurred group: one blur for all the planks, one for all the items (a blur
  // per element cost libvips most of a render's time on a full shelf).
  const plankYs = Array.from({ length: content.rows }, (_, row) => Math.round(plankTop(row)));
  const edgeH = Math.max(2, Math.round(plankH * 0.32));
  const plankShadows = plankYs.map((y) => html`<rect x="${innerLeft - 2}" y="${y + 2}" width="${innerW + 4}" height="${plankH + 6}"/>`);
  const planks = plankYs.map(
    (y) => html`<rect x="${innerLeft - 3}" y="${y}" width="${innerW + 6}" height="${plankH}" rx="2" fill="url(#plank)"/>
<rect x="${innerLeft - 3}" y="${y + plankH - edgeH}" width="${innerW + 6}" height="${edgeH}" rx="1" fill="${C.woodEdge}"/>`,
  );
  const standing = cells.map(({ x, y, w, h }, i) => {
    const p = pictures[i];
    const left = p ? p.left : x + Math.round(w * 0.1);
    const pw = p ? p.w : Math.round(w * 0.8);
    const top = p ? p.top : y + Math.round(h * 0.2);
    return { left, pw, top, bottom: y + h, empty: !p };
  });
  const lift = Math.round(cw * 0.04);
  const itemShadows = standing.map(
    ({ left, pw, top, bottom }) => html`<rect x="${left + 1}" y="${top + lift}" width="${pw - 2}" height="${bottom - top - lift}" rx="3"/>`,
  );
  const contacts = standing.map(
    ({ left, pw, bottom }) => html`<ellipse cx="${left + pw / 2}" cy="${bottom}" rx="${(pw * 0.42).toFixed(1)}" ry="${Math.max(2, cw * 0.025).toFixed(1)}"/>`,
  );
  // An image that cannot be shown: a quiet empty frame in its place.
  const placeholders = standing
    .filter((s) => s.empty)
    .map(
      ({ left, pw, top, bottom }) =>
        html`<rect x="${left}" y="${top}" width="${pw}" height="${bottom - top}" rx="4" fill="${C.sunken}" stroke="${C.woodEdge}" stroke-opacity="0.35"/>`,
    );
  const region = html`filterUnits="userSpaceOnUse" x="${box.x - 40}" y="${box.y - 40}" width="${box.w + 80}" height="${box.h + 80}"`;

  let words: HtmlFragment;
  if (kind === 'side') {
    const left = 64;
    const maxWidth = box.x - left - 44;
    const { title, handle } = fitWords(content, maxWidth, { size: 60, minSize: 34, maxLines: 3 });
    const blockH = 6 + 30 + textHeight(title) + 18 + handle.size;
    const top = Math.round((H - 56 - blockH) / 2);
    words = html`<rect x="${left}" y="${top}" width="56" height="6" rx="3" fill="${C.accent}"/>
${trusted(textSvg(title, { x: left, y: top + 36 + Math.round(title.size * 0.8), font: 'serif', bold: true, fill: C.ink }))}
${trusted(textSvg(handle, { x: left, y: top + 36 + textHeight(title) + 18 + Math.round(handle.size * 0.8), font: 'sans', fill: C.muted }))}
${brand(appName, left, H - 44 - 34)}`;
  } else {
    // The words under the cabinet: the name, the handle below it, the mark at the right.
    const left = 64;
    const top = box.y + box.h + BAND_GAP;
    const { title, handle } = band;
    const baseline = top + Math.round(title.size * 0.8);
    words = html`${trusted(textSvg(title, { x: left, y: baseline, font: 'serif', bold: true, fill: C.ink }))}
${trusted(textSvg(handle, { x: left, y: top + textHeight(title) + 12 + Math.round(handle.size * 0.8), font: 'sans', fill: C.muted }))}
${brand(appName, W - 60, top + Math.round((textHeight(title) + 12 + handle.size - 34) / 2), 'end')}`;
  }

  const svg = htmlText`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<radialGradient id="paper" cx="0.5" cy="0.35" r="0.85"><stop offset="0" stop-color="${C.surface}"/><stop offset="1" stop-color="${C.paper}"/></radialGradient>
<linearGradient id="frame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.woodEdge}"/><stop offset="1" stop-color="${C.woodDark}"/></linearGradient>
<linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e2d6c4"/><stop offset="0.12" stop-color="${C.cabinet}"/><stop offset="1" stop-color="${C.cabinet}"/></linearGradient>
<linearGradient id="plank" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.woodLight}"/><stop offset="0.45" stop-color="${C.wood}"/><stop offset="1" stop-color="${C.wood}"/></linearGradient>
<filter id="cabinetShadow" x="-10%" y="-10%" width="120%" height="130%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="plankShadow" ${region}><feGaussianBlur stdDeviation="${blur(cw * 0.05)}"/></filter>
<filter id="itemShadow" ${region}><feGaussianBlur stdDeviation="${blur(cw * 0.035)}"/></filter>
<filter id="contact" ${region}><feGaussianBlur stdDeviation="${blur(cw * 0.02)}"/></filter>
</defs>
<rect width="${W}" height="${H}" fill="url(#paper)"/>
<rect x="${box.x + 6}" y="${box.y + 16}" width="${box.w - 12}" height="${box.h - 6}" rx="20" fill="${C.shadow}" opacity="0.28" filter="url(#cabinetShadow)"/>
<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="18" fill="url(#frame)"/>
<rect x="${innerLeft}" y="${box.y + FRAME}" width="${innerW}" height="${box.h - 2 * FRAME}" rx="6" fill="url(#back)"/>
<g fill="${C.shadow}" opacity="0.32" filter="url(#plankShadow)">${plankShadows}</g>
${planks}
<g fill="${C.shadow}" opacity="0.4" filter="url(#itemShadow)">${itemShadows}</g>
<g fill="${C.shadow}" opacity="0.35" filter="url(#contact)">${contacts}</g>
${placeholders}
${words}
</svg>`;
  return sharp(Buffer.from(svg))
    .composite(pictures.filter((p) => p !== null).map(({ input, raw, left, top }) => ({ input, raw, left, top })))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A shelf with nothing to show: the name, the handle and the mark, framed like a museum label. */
async function emptyCard(content: ShelfCardContent, appName: string) {
  const title = fitText(content.displayName, { maxWidth: 920, maxLines: 2, size: 76, minSize: 44, font: 'serif', bold: true });
  const handle = fitText(`@${content.handle}`, { maxWidth: 920, maxLines: 1, size: 32, minSize: 20, font: 'sans' });
  const markSize = 72;
  const blockH = markSize + 44 + textHeight(title) + 22 + handle.size;
  const top = Math.round((H - blockH) / 2) - 8;
  const titleTop = top + markSize + 44;
  const svg = htmlText`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><radialGradient id="paper" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="${C.surface}"/><stop offset="1" stop-color="${C.paper}"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#paper)"/>
<rect x="28" y="28" width="${W - 56}" height="${H - 56}" rx="18" fill="none" stroke="${C.woodEdge}" stroke-opacity="0.55" stroke-width="2"/>
<rect x="38" y="38" width="${W - 76}" height="${H - 76}" rx="12" fill="none" stroke="${C.woodEdge}" stroke-opacity="0.25" stroke-width="1"/>
${mark(Math.round((W - markSize) / 2), top, markSize)}
${trusted(textSvg(title, { x: W / 2, y: titleTop + Math.round(title.size * 0.8), anchor: 'middle', font: 'serif', bold: true, fill: C.ink }))}
${trusted(textSvg(handle, { x: W / 2, y: titleTop + textHeight(title) + 22 + Math.round(handle.size * 0.8), anchor: 'middle', font: 'sans', fill: C.muted }))}
${trusted(textSvg(fitText(appName, { maxWidth: 400, maxLines: 1, size: 22, minSize: 22, font: 'serif', bold: true }), { x: W / 2, y: H - 64, anchor: 'middle', font: 'serif', bold: true, fill: C.muted }))}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The PNG of a shelf's preview. `image` answers an item image's bytes (its shelf thumbnail), or null
 * when it is gone (its cell then shows a quiet empty frame).
 */
export async function renderShelfCard(content: ShelfCardContent, opts: { appName: string; image(imageId: string): Promise<Buffer | null> }): Promise<Buffer> {
  return content.cells.length ? cabinetCard(content, opts.appName, opts.image) : emptyCard(content, opts.appName);
}

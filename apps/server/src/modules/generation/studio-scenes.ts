import type { Language, Style } from '@curio/contract';
import { FONTS, fitText, measure, textHeight, textSvg, type FittedText, type TextBox } from './placard-text';
import { placardWords } from './placard-words';

const measureLine = (line: string, size: number) => measure(line, size, 'sans', true);

export const W = 1200;
export const H = 1500;

/** A small deterministic PRNG (mulberry32), seeded from the request's hash and the variant. */
export function rng(seedHex: string, salt: number) {
  let a = (parseInt(seedHex.slice(0, 8), 16) ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The variant's light and colour, drawn over the finished scene. */
export type Mood = 'neutral' | 'warm' | 'soft' | 'airy' | 'dramatic';

/** How one variant is composed: where the subject stands, how big, where the light comes from. */
export interface Composition {
  /** 0–4: which of the five compositions (scenes vary their props with it). */
  index: number;
  /** Subject height as a share of the canvas. */
  scale: number;
  /** Horizontal centre of the subject, 0..1. */
  cx: number;
  /** The floor line (subject's feet), 0..1 of the height. */
  floor: number;
  /** Light direction: -1 from the left, 1 from the right. */
  light: number;
  /** Zoom of the final crop (1 = whole scene). */
  zoom: number;
  /** With a zoom: the share of the crop's height left above the subject's top. */
  headroom: number;
  tilt: number;
  /** Whether a second photo stands beside the first (variants that show more of the item). */
  companion: boolean;
  mood: Mood;
}

/**
 * Five clearly different pictures of one item: a centred hero; an off-centre view with the second
 * photo (or the placard) beside it; a close portrait crop; a wide view that shows the whole scene;
 * a low, dramatic view with a tilt and hard light. Small seeded jitter keeps them from looking
 * mechanical without bringing them closer together.
 */
export function compositions(seed: string): Composition[] {
  const base: Omit<Composition, 'index'>[] = [
    { scale: 0.56, cx: 0.5, floor: 0.8, light: -0.6, zoom: 1, headroom: 0, tilt: 0, companion: false, mood: 'neutral' },
    { scale: 0.5, cx: 0.34, floor: 0.8, light: 0.9, zoom: 1, headroom: 0, tilt: -1.5, companion: true, mood: 'warm' },
    { scale: 0.66, cx: 0.5, floor: 0.86, light: -0.2, zoom: 1.75, headroom: 0.08, tilt: 0, companion: false, mood: 'soft' },
    { scale: 0.3, cx: 0.6, floor: 0.72, light: 0.3, zoom: 1, headroom: 0, tilt: 0.5, companion: true, mood: 'airy' },
    { scale: 0.72, cx: 0.4, floor: 0.88, light: 1, zoom: 1, headroom: 0, tilt: 3, companion: false, mood: 'dramatic' },
  ];
  return base.map((c, i) => {
    const r = rng(seed, i);
    return {
      ...c,
      index: i,
      scale: c.scale * (0.97 + r() * 0.06),
      cx: c.cx + (r() - 0.5) * 0.03,
      light: Math.max(-1, Math.min(1, c.light + (r() - 0.5) * 0.2)),
      tilt: c.tilt + (r() - 0.5) * 1,
    };
  });
}

/** A rectangle on the picture, in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Whether two boxes come closer than `margin` pixels. */
export const overlaps = (a: Box, b: Box, margin = 0) =>
  a.left < b.left + b.width + margin && b.left < a.left + a.width + margin && a.top < b.top + b.height + margin && b.top < a.top + a.height + margin;

/** Text keeps this far from the subject: never under it, never touching it. */
const TEXT_MARGIN = 16;
/**
 * Whether text may go in `box`: wholly on the picture (text is never cut) and clear of every figure, by `margin` (none
 * for a placard below the figures' feet, on the plank or plinth they stand on).
 */
const clearOf = (box: Box, avoid: readonly Box[], margin = TEXT_MARGIN) =>
  box.left >= 0 && box.top >= 0 && box.left + box.width <= W && box.top + box.height <= H && avoid.every((f) => !overlaps(box, f, margin));

/** Where a variant's figures stand on the canvas, and the part of the canvas the picture shows. */
export interface VariantLayout {
  /** The main figure first, then the companion if any, on the canvas (their images' whole boxes). */
  figures: Box[];
  /** The canvas crop the picture shows (the whole canvas unless the composition zooms). */
  view: Box;
}

/** The share of a zoomed manga picture left above the figure: a caption box of two lines fits there. */
const MANGA_HEADROOM = 0.17;

/** Extra pixels on every side of a manga figure: its ink outline. */
export const INK_PAD = 10;

/** The size a subject is drawn at: `targetH` tall unless that makes it wider than `maxW`. */
export function fitSize(s: { width: number; height: number }, targetH: number, maxW: number) {
  let h = Math.round(targetH);
  let w = Math.round((s.width / s.height) * h);
  if (w > maxW) {
    w = Math.round(maxW);
    h = Math.round((s.height / s.width) * w);
  }
  return { width: w, height: h };
}

/** The box a placed subject takes: its drawn size, its ink outline (manga), and the bounds of its tilt. */
export function placedSize(s: { width: number; height: number }, targetH: number, maxW: number, c: Composition, style: Style) {
  let { width: w, height: h } = fitSize(s, targetH, maxW);
  if (style === 'manga_halftone') {
    w += INK_PAD * 2;
    h += INK_PAD * 2;
  }
  if (Math.abs(c.tilt) <= 0.2) return { width: w, height: h };
  const a = (Math.abs(c.tilt) * Math.PI) / 180;
  return { width: Math.ceil(w * Math.cos(a) + h * Math.sin(a)), height: Math.ceil(w * Math.sin(a) + h * Math.cos(a)) };
}

/** The most of the canvas's width the main figure may take; the companion's height (a share of the main figure's) and width. */
export const MAIN_MAX_W = W * 0.78;
export const COMPANION = { scale: 0.72, maxW: W * 0.4 };

/**
 * Stands the placed figures on the floor (the companion beside the main one, on the side with more room) and works out
 * the crop of a zoomed composition: around the main figure's upper part, or around the whole of it when `whole` (a
 * framed print is never cut).
 */
export function layoutVariant(
  c: Composition,
  style: Style,
  main: { width: number; height: number },
  second: { width: number; height: number } | null,
  whole = false,
): VariantLayout {
  const floorY = Math.round(c.floor * H);
  const mainLeft = Math.round(c.cx * W - main.width / 2);
  // A figure's feet sink a little into the floor; a manga figure's by its ink outline.
  const mainTop = floorY - main.height + (style === 'manga_halftone' ? INK_PAD : 4);
  const figures: Box[] = [{ left: mainLeft, top: mainTop, ...main }];
  if (second) {
    const onRight = c.cx < 0.5;
    const left = Math.round(onRight ? mainLeft + main.width + 30 : mainLeft - second.width - 30);
    figures.push({ left: Math.max(10, Math.min(W - second.width - 10, left)), top: floorY - second.height + 4, ...second });
  }
  if (c.zoom <= 1.01) return { figures, view: { left: 0, top: 0, width: W, height: H } };
  // Manga writes its caption on the finished picture, after the crop: its portrait leaves room for it above the head.
  const headroom = style === 'manga_halftone' ? Math.max(c.headroom, MANGA_HEADROOM) : c.headroom;
  // A whole figure takes at most what the headroom leaves of the crop's height, less a little room below.
  const zoom = Math.max(1, Math.min(c.zoom, W / (main.width * 1.08), whole ? (H * (1 - headroom - 0.04)) / main.height : Infinity));
  const cw = Math.round(W / zoom);
  const ch = Math.round(H / zoom);
  const left = Math.max(0, Math.min(W - cw, Math.round(mainLeft + main.width / 2 - cw / 2)));
  const top = Math.max(0, Math.min(H - ch, Math.round(mainTop - ch * headroom)));
  return { figures, view: { left, top, width: cw, height: ch } };
}

/** A canvas box as it lands on the finished picture (after the view's crop is scaled to the full size). */
export function onPicture(b: Box, view: Box): Box {
  const sx = W / view.width;
  const sy = H / view.height;
  return { left: (b.left - view.left) * sx, top: (b.top - view.top) * sy, width: b.width * sx, height: b.height * sy };
}

/**
 * The variant's mood as a full-canvas SVG (soft gradients only), or '' for none. Monochrome styles
 * get it in black and white only.
 */
export function moodOverlay(c: Composition, mono: boolean): string {
  const lx = c.light < 0 ? 0 : 1;
  const warm = mono ? '#ffffff' : '#ffb45a';
  const cool = mono ? '#ffffff' : '#cfe3ff';
  switch (c.mood) {
    case 'neutral':
      return '';
    case 'warm':
      return svg(
        `<defs><linearGradient id="m" x1="${lx}" y1="0" x2="${1 - lx}" y2="0.4"><stop offset="0" stop-color="${warm}" stop-opacity="0.32"/><stop offset="0.7" stop-color="${warm}" stop-opacity="0"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#m)"/>`,
      );
    case 'soft':
      return svg(
        `<defs><radialGradient id="m" cx="0.5" cy="0.3" r="0.8"><stop offset="0" stop-color="${cool}" stop-opacity="0.22"/><stop offset="0.7" stop-color="${cool}" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#m)"/>`,
      );
    case 'airy':
      return svg(
        `<defs><linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.06"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#m)"/>`,
      );
    case 'dramatic':
      return svg(
        `<defs><radialGradient id="m" cx="${0.3 + lx * 0.4}" cy="0.35" r="0.75"><stop offset="0.25" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.72"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#m)"/>`,
      );
  }
}

/** Where each style writes the item's title: it wraps or shrinks to fit, never cut. */
export const PLACARDS = {
  bookshelf_hero: { maxWidth: W - 160, maxLines: 1, size: 26, minSize: 18, font: 'serif', letterSpacing: 3 },
  bright_gallery: { maxWidth: 260, maxLines: 3, size: 24, minSize: 16, font: 'sans', bold: true },
  manga_halftone: { maxWidth: W - 180, maxLines: 2, size: 46, minSize: 30, font: 'sans', bold: true },
  museum_brick_exhibit: { maxWidth: 300, maxLines: 3, size: 24, minSize: 15, font: 'serif' },
  desk_figure_prototype: { maxWidth: W - 140, maxLines: 2, size: 22, minSize: 16, font: 'mono' },
} as const satisfies Record<Style, TextBox>;

/**
 * The text each style puts on its placard (some write it in capitals, the desk adds a prefix in the
 * collector's language).
 */
export function placardText(style: Style, title: string, lang: Language = 'en'): string {
  if (style === 'bookshelf_hero') return title.toUpperCase();
  if (style === 'desk_figure_prototype') return `${placardWords(lang).prototype} · ${title.toUpperCase()}`;
  return title;
}

/** A zoomed variant crops the scene: a placard drawn on the scene would be cut, so it is left out. */
const zoomed = (layout: VariantLayout) => layout.view.width < W;

export interface Scene {
  background: string;
  /** Where text is drawn, on the finished picture: never under a figure. */
  texts: Box[];
  /** A small tile repeated over the background (screen tone), drawn before the rest. */
  tone?: { svg: string; blend: 'multiply' | 'over' };
  /** Drawn over everything (light, vignette, texture), may be empty. */
  overlay: string;
  /** The overlay has sharp detail (lines, text) and must be drawn at full size. */
  overlayDetail?: boolean;
  shadowOpacity: number;
  /** Drawn between the background and the subject, at the subject's feet (plinth, plank). */
  stage?: string;
}

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

function bookshelfHero(c: Composition, seed: string, title: string, layout: VariantLayout): Scene {
  const r = rng(seed, 11 + c.index * 7);
  const floorY = c.floor * H;
  const spines: string[] = [];
  const palette = ['#7a2e22', '#2f4a3a', '#23364f', '#8a6a2c', '#5a2a46', '#3d3d3d', '#6b4a2a'];
  for (const side of [0, 1]) {
    let x = side === 0 ? 20 : W - 20;
    const count = 4 + Math.floor(r() * 3);
    for (let i = 0; i < count; i++) {
      const w = 38 + r() * 40;
      const h = 300 + r() * 170;
      const bx = side === 0 ? x : x - w;
      const col = palette[Math.floor(r() * palette.length)]!;
      spines.push(
        `<rect x="${bx.toFixed(1)}" y="${(floorY - h).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="4" fill="${col}"/>` +
          `<rect x="${(bx + 6).toFixed(1)}" y="${(floorY - h + 40).toFixed(1)}" width="${(w - 12).toFixed(1)}" height="10" fill="#d8b877" opacity="0.7"/>` +
          `<rect x="${(bx + 6).toFixed(1)}" y="${(floorY - 70).toFixed(1)}" width="${(w - 12).toFixed(1)}" height="6" fill="#d8b877" opacity="0.5"/>`,
      );
      x += side === 0 ? w + 3 : -(w + 3);
    }
  }
  const lx = W * (0.5 + c.light * 0.25);
  const plate = fitText(placardText('bookshelf_hero', title), PLACARDS.bookshelf_hero);
  const plateW = Math.max(...plate.lines.map((l) => measure(l, plate.size, 'serif', false, plate.letterSpacing)));
  const plateTop = Math.round(floorY + 5 + (65 - textHeight(plate)) / 2);
  const plateBox = { left: W / 2 - plateW / 2, top: plateTop, width: plateW, height: textHeight(plate) };
  const showPlate = !zoomed(layout) && clearOf(plateBox, layout.figures, 0);
  return {
    texts: showPlate ? [plateBox] : [],
    background: svg(`
      <defs>
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1a10"/><stop offset="1" stop-color="#4a2e1a"/></linearGradient>
        <linearGradient id="plank" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b07a45"/><stop offset="0.18" stop-color="#8a5a2e"/><stop offset="1" stop-color="#5c3a1c"/></linearGradient>
        <radialGradient id="glow" cx="${lx / W}" cy="0.28" r="0.55"><stop offset="0" stop-color="#ffd9a0" stop-opacity="0.55"/><stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#wall)"/>
      ${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 140}" y="0" width="2" height="${floorY}" fill="#000" opacity="0.18"/>`).join('')}
      <rect width="${W}" height="${H}" fill="url(#glow)"/>
      ${spines.join('')}
      <rect x="0" y="${floorY}" width="${W}" height="70" fill="url(#plank)"/>
      <rect x="0" y="${floorY}" width="${W}" height="5" fill="#e2b57a" opacity="0.8"/>
      <rect x="0" y="${floorY + 70}" width="${W}" height="${H - floorY - 70}" fill="#1a0f08"/>
      <rect x="0" y="${floorY + 70}" width="${W}" height="30" fill="#000" opacity="0.5"/>
      ${showPlate ? textSvg(plate, { x: W / 2, y: Math.round(plateTop + plate.size * 0.8), anchor: 'middle', font: 'serif', fill: '#f3dcb4', opacity: 0.85 }) : ''}
    `),
    overlay: svg(`
      <defs><radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
      <radialGradient id="l" cx="${lx / W}" cy="0.1" r="0.5"><stop offset="0" stop-color="#ffcf87" stop-opacity="0.22"/><stop offset="1" stop-color="#ffcf87" stop-opacity="0"/></radialGradient></defs>
      <rect width="${W}" height="${H}" fill="url(#l)"/><rect width="${W}" height="${H}" fill="url(#v)"/>`),
    shadowOpacity: 0.6,
  };
}

/** The gallery's wall label's widths, tried in turn: the usual one, then a narrower one that fits beside a wide subject. */
const GALLERY_LABEL_WIDTHS = [300, 230];

/**
 * Where the gallery's wall label hangs: beside the subject at eye level, on the side with more room, else on the other
 * side, narrower if need be, else high on the wall; never under the subject (null: no label on this variant).
 */
function galleryLabel(c: Composition, title: string, layout: VariantLayout) {
  const floorY = c.floor * H;
  for (const level of ['eye', 'high'] as const) {
    for (const width of GALLERY_LABEL_WIDTHS) {
      const label = fitText(placardText('bright_gallery', title), { ...PLACARDS.bright_gallery, maxWidth: width - 40 });
      const height = 24 + textHeight(label) + 16 + 16 + 16 + 3 + 18;
      const top = level === 'eye' ? Math.round(floorY - 210 - height) : 110;
      for (const left of c.cx > 0.5 ? [70, W - 70 - width] : [W - 70 - width, 70]) {
        const box = { left, top, width, height };
        if (clearOf(box, layout.figures)) return { label, box };
      }
    }
  }
  return null;
}

function brightGallery(c: Composition, _seed: string, title: string, lang: Language, layout: VariantLayout): Scene {
  const floorY = c.floor * H;
  const sx = W * (0.5 + c.light * 0.18);
  const placed = zoomed(layout) ? null : galleryLabel(c, title, layout);
  return {
    texts: placed ? [placed.box] : [],
    background: svg(`
      <defs>
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e6e1"/><stop offset="1" stop-color="#f7f6f3"/></linearGradient>
        <radialGradient id="spot" cx="${sx / W}" cy="${(floorY - 380) / H}" r="0.42"><stop offset="0" stop-color="#fffdf6"/><stop offset="0.6" stop-color="#fbf9f3" stop-opacity="0.6"/><stop offset="1" stop-color="#fbf9f3" stop-opacity="0"/></radialGradient>
        <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9d4cb"/><stop offset="1" stop-color="#c7c0b4"/></linearGradient>
        <linearGradient id="cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8e6" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8e6" stop-opacity="0"/></linearGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#wall)"/>
      <rect width="${W}" height="${H}" fill="url(#spot)"/>
      <polygon points="${sx - 40},0 ${sx + 40},0 ${sx + 330},${floorY} ${sx - 330},${floorY}" fill="url(#cone)"/>
      <rect x="${sx - 50}" y="0" width="100" height="22" rx="6" fill="#2b2b2b"/>
      <rect x="0" y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>
      <rect x="0" y="${floorY}" width="${W}" height="3" fill="#ffffff" opacity="0.8"/>
      ${
        !placed
          ? ''
          : `<g transform="translate(${placed.box.left} ${placed.box.top})">
        <rect width="${placed.box.width}" height="${placed.box.height}" rx="4" fill="#ffffff" stroke="#d6d0c6"/>
        ${textSvg(placed.label, { x: 20, y: Math.round(24 + placed.label.size * 0.8), font: 'sans', bold: true, fill: '#222' })}
        <text x="20" y="${24 + textHeight(placed.label) + 16 + 14}" font-family="${FONTS.sans}" font-size="16" fill="#666">${placardWords(lang).collectionPiece}</text>
        <rect x="20" y="${24 + textHeight(placed.label) + 16 + 16 + 16}" width="60" height="3" fill="#b4532a"/>
      </g>`
      }`),
    overlay: '',
    shadowOpacity: 0.28,
  };
}

function mangaHalftone(c: Composition, seed: string, title: string, layout: VariantLayout): Scene {
  const r = rng(seed, 33 + c.index * 7);
  const cx = c.cx * W;
  const cy = (c.floor - c.scale * 0.5) * H;
  const lines: string[] = [];
  for (let i = 0; i < 90; i++) {
    const a = (i / 90) * Math.PI * 2 + r() * 0.05;
    const inner = 360 + r() * 140;
    const spread = 0.008 + r() * 0.012;
    const R = 1400;
    const p1 = [cx + Math.cos(a - spread) * R, cy + Math.sin(a - spread) * R];
    const p2 = [cx + Math.cos(a + spread) * R, cy + Math.sin(a + spread) * R];
    const p3 = [cx + Math.cos(a) * inner, cy + Math.sin(a) * inner];
    lines.push(
      `<polygon points="${p1.map((v) => v.toFixed(1)).join(',')} ${p2.map((v) => v.toFixed(1)).join(',')} ${p3.map((v) => v.toFixed(1)).join(',')}" fill="#111"/>`,
    );
  }
  const caption = fitText(placardText('manga_halftone', title), PLACARDS.manga_halftone);
  const captionW = Math.min(W - 120, Math.ceil(Math.max(...caption.lines.map((l) => measureLine(l, caption.size)))) + 60);
  const captionH = 44 + textHeight(caption);
  // The caption box is drawn on the finished picture (after a zoom's crop): it goes in the first corner clear of the figures.
  const figures = layout.figures.map((f) => onPicture(f, layout.view));
  const rows = c.floor > 0.8 ? [60, H - 60 - captionH] : [H - 60 - captionH, 60];
  const captionBox = rows
    .flatMap((top) => [60, W - 60 - captionW].map((left) => ({ left, top, width: captionW, height: captionH })))
    .find((b) => clearOf(b, figures));
  return {
    texts: captionBox ? [captionBox] : [],
    tone: {
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14"><circle cx="7" cy="7" r="2.6" fill="#111" opacity="0.28"/><circle cx="0" cy="0" r="2.6" fill="#111" opacity="0.28"/><circle cx="14" cy="0" r="2.6" fill="#111" opacity="0.28"/><circle cx="0" cy="14" r="2.6" fill="#111" opacity="0.28"/><circle cx="14" cy="14" r="2.6" fill="#111" opacity="0.28"/></svg>`,
      blend: 'over',
    },
    background: svg(`
      <rect width="${W}" height="${H}" fill="#fbfaf5"/>
      ${lines.join('')}
      <ellipse cx="${cx}" cy="${cy}" rx="330" ry="420" fill="#fbfaf5" opacity="0.92"/>`),
    overlay: svg(`
      <rect x="18" y="18" width="${W - 36}" height="${H - 36}" fill="none" stroke="#111" stroke-width="12"/>
      ${
        captionBox
          ? `<g transform="translate(${captionBox.left} ${captionBox.top})"><rect width="${captionW}" height="${captionH}" fill="#fff" stroke="#111" stroke-width="6"/>
      ${textSvg(caption, { x: 30, y: Math.round(22 + caption.size * 0.8), font: 'sans', bold: true, italic: true, fill: '#111' })}</g>`
          : ''
      }`),
    overlayDetail: true,
    shadowOpacity: 0,
  };
}

function museumBrick(c: Composition, seed: string, title: string, lang: Language, layout: VariantLayout): Scene {
  const r = rng(seed, 44 + c.index * 7);
  const floorY = c.floor * H;
  const bricks: string[] = [];
  const bh = 46;
  const plaque = fitText(placardText('museum_brick_exhibit', title), PLACARDS.museum_brick_exhibit);
  const plaqueH = 20 + textHeight(plaque) + 14 + 15 + 16;
  // The plinth stands under all the figures; its plaque is on its front, below their feet.
  const minLeft = Math.min(...layout.figures.map((f) => f.left));
  const maxRight = Math.max(...layout.figures.map((f) => f.left + f.width));
  const x = (minLeft + maxRight) / 2;
  const y = Math.round(floorY);
  const pw = Math.max(360, (maxRight - minLeft) * 1.25);
  const plaqueBox = { left: x - 170, top: y + 44, width: 340, height: plaqueH };
  const showPlaque = !zoomed(layout) && clearOf(plaqueBox, layout.figures, 0);
  for (let row = 0; row * bh < floorY; row++) {
    const offset = row % 2 ? -60 : 0;
    for (let x = offset; x < W; x += 120) {
      const shade = 0.85 + r() * 0.3;
      const base = [150, 70, 52].map((v) => Math.round(Math.min(255, v * shade)));
      bricks.push(`<rect x="${x + 3}" y="${row * bh + 3}" width="114" height="${bh - 6}" rx="3" fill="rgb(${base.join(',')})"/>`);
    }
  }
  return {
    texts: showPlaque ? [plaqueBox] : [],
    background: svg(`
      <defs>
        <radialGradient id="spot" cx="${0.5 + c.light * 0.2}" cy="0.2" r="0.7"><stop offset="0" stop-color="#ffe2b0" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
        <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3430"/><stop offset="1" stop-color="#1e1a17"/></linearGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="#6d6259"/>
      ${bricks.join('')}
      <rect width="${W}" height="${floorY}" fill="url(#spot)"/>
      <rect x="0" y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>`),
    stage: `
        <rect x="${x - pw / 2 + 16}" y="${y + 34}" width="${pw - 32}" height="${H - y}" fill="#000" opacity="0.35"/>
        <rect x="${x - pw / 2}" y="${y}" width="${pw}" height="30" fill="#d9d4cc"/>
        <rect x="${x - pw / 2 + 10}" y="${y + 30}" width="${pw - 20}" height="${H - y}" fill="#bdb6ab"/>
        <rect x="${x - pw / 2 + 10}" y="${y + 30}" width="18" height="${H - y}" fill="#000" opacity="0.12"/>
        ${
          !showPlaque
            ? ''
            : `<g transform="translate(${plaqueBox.left} ${plaqueBox.top})"><rect width="340" height="${plaqueH}" rx="3" fill="#2b2520"/>
        ${textSvg(plaque, { x: 170, y: Math.round(20 + plaque.size * 0.8), anchor: 'middle', font: 'serif', fill: '#f1e6d2' })}
        <text x="170" y="${20 + textHeight(plaque) + 14 + 13}" text-anchor="middle" font-family="${FONTS.serif}" font-size="15" fill="#c9b99c" letter-spacing="${lang === 'en' ? 2 : 4}">${placardWords(lang).privateCollection}</text></g>`
        }`,
    overlay: svg(
      `<defs><radialGradient id="v" cx="0.5" cy="0.4" r="0.8"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#v)"/>`,
    ),
    shadowOpacity: 0.5,
  };
}

/**
 * Where the desk's tag is written on the mat: above the ruler, at its left end, else at its right end, else in the top
 * left corner (narrower, clear of the pencil); never under the subject.
 */
function deskTag(text: string, layout: VariantLayout) {
  const candidates = (box: TextBox, top: (t: FittedText) => number, lefts: (width: number) => number[]) => {
    const tag = fitText(text, box);
    const width = Math.max(...tag.lines.map((l) => measure(l, tag.size, 'mono')));
    return lefts(width).map((left) => ({ tag, box: { left, top: top(tag), width, height: textHeight(tag) } }));
  };
  const aboveRuler = (t: FittedText) => Math.round(H - 130 - (t.lines.length - 1) * t.lineHeight - t.size * 0.8);
  return [
    ...candidates(PLACARDS.desk_figure_prototype, aboveRuler, (w) => [70, W - 70 - w]),
    ...candidates(
      { ...PLACARDS.desk_figure_prototype, maxWidth: W - 560 },
      () => 70,
      () => [70],
    ),
  ].find((c) => clearOf(c.box, layout.figures));
}

function deskPrototype(c: Composition, seed: string, title: string, lang: Language, layout: VariantLayout): Scene {
  const r = rng(seed, 55 + c.index * 7);
  const grid: string[] = [];
  for (let x = 0; x <= W; x += 50)
    grid.push(`<rect x="${x}" y="0" width="${x % 250 === 0 ? 2.5 : 1}" height="${H}" fill="#d7efe0" opacity="${x % 250 === 0 ? 0.55 : 0.3}"/>`);
  for (let y = 0; y <= H; y += 50)
    grid.push(`<rect x="0" y="${y}" width="${W}" height="${y % 250 === 0 ? 2.5 : 1}" fill="#d7efe0" opacity="${y % 250 === 0 ? 0.55 : 0.3}"/>`);
  const ticks = Array.from(
    { length: 49 },
    (_, i) => `<rect x="${60 + i * 22}" y="${H - 90}" width="2" height="${i % 5 === 0 ? 26 : 14}" fill="#2d2d2d"/>`,
  ).join('');
  const lampX = c.light < 0 ? 0 : W;
  const pencilY = 160 + r() * 120;
  const placed = zoomed(layout) ? undefined : deskTag(placardText('desk_figure_prototype', title, lang), layout);
  return {
    texts: placed ? [placed.box] : [],
    background: svg(`
      <defs><radialGradient id="lamp" cx="${lampX / W}" cy="0" r="0.95"><stop offset="0" stop-color="#fff2c8" stop-opacity="0.55"/><stop offset="0.6" stop-color="#fff2c8" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient></defs>
      <rect width="${W}" height="${H}" fill="#2f6b4f"/>
      ${grid.join('')}
      <rect x="40" y="${H - 110}" width="${W - 80}" height="60" rx="6" fill="#e9e4d6"/>
      ${ticks}
      <g transform="translate(${W - 420} ${pencilY}) rotate(-18)"><rect width="330" height="22" rx="4" fill="#f2b632"/><polygon points="330,0 372,11 330,22" fill="#e8cfa0"/><polygon points="360,7 372,11 360,15" fill="#333"/><rect width="28" height="22" fill="#d66"/></g>
      ${placed ? textSvg(placed.tag, { x: placed.box.left, y: Math.round(placed.box.top + placed.tag.size * 0.8), font: 'mono', fill: '#e6f3ea', opacity: 0.9 }) : ''}
      <rect width="${W}" height="${H}" fill="url(#lamp)"/>`),
    overlay: '',
    shadowOpacity: 0.45,
  };
}

/**
 * The scene of a style around the figures of `layout`; `lang` is the language of the fixed words on its placard (the
 * title is drawn as typed). A placard goes where no figure stands, or is left out.
 */
export function sceneFor(style: Style, c: Composition, seed: string, title: string, lang: Language, layout: VariantLayout): Scene {
  switch (style) {
    case 'bookshelf_hero':
      return bookshelfHero(c, seed, title, layout);
    case 'bright_gallery':
      return brightGallery(c, seed, title, lang, layout);
    case 'manga_halftone':
      return mangaHalftone(c, seed, title, layout);
    case 'museum_brick_exhibit':
      return museumBrick(c, seed, title, lang, layout);
    case 'desk_figure_prototype':
      return deskPrototype(c, seed, title, lang, layout);
  }
}

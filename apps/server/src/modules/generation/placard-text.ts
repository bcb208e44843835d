import { html, htmlText, trusted } from '../../lib/html';

/**
 * The font families the scenes draw text in: DejaVu for Latin scripts, then Noto CJK (Simplified
 * Chinese forms) for what DejaVu lacks (fontconfig picks per character, in this order), then generic
 * fallbacks. The server needs fonts-dejavu-core and fonts-noto-cjk (Dockerfile, .ci/run, README).
 */
export const FONTS = {
  sans: 'DejaVu Sans, Noto Sans CJK SC, Helvetica, sans-serif',
  serif: 'DejaVu Serif, Noto Serif CJK SC, Noto Sans CJK SC, Georgia, serif',
  mono: 'DejaVu Sans Mono, Noto Sans Mono CJK SC, Noto Sans CJK SC, monospace',
} as const;
export type FontKind = keyof typeof FONTS;

export interface TextBox {
  /** Widest a line may be, in pixels. */
  maxWidth: number;
  /** Lines wanted at most before the text gets smaller. */
  maxLines: number;
  /** Font size to start from, and the smallest one allowed (then more lines are used: text is never cut). */
  size: number;
  minSize: number;
  font: FontKind;
  bold?: boolean;
  /** Extra space after every character, in pixels at `size` (scaled with the font). */
  letterSpacing?: number;
}

export interface FittedText {
  lines: string[];
  size: number;
  letterSpacing: number;
  /** Distance between baselines. */
  lineHeight: number;
}

/** Characters drawn a full em wide: CJK, kana, hangul, full-width forms. */
const isWide = (cp: number) =>
  (cp >= 0x1100 && cp <= 0x115f) ||
  (cp >= 0x2e80 && cp <= 0xa4cf) ||
  (cp >= 0xac00 && cp <= 0xd7a3) ||
  (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0xfe30 && cp <= 0xfe4f) ||
  (cp >= 0xff00 && cp <= 0xff60) ||
  (cp >= 0xffe0 && cp <= 0xffe6) ||
  cp >= 0x1f300;

/** Marks beyond ASCII that DejaVu draws no wider than a lowercase letter (measured: at most 0.65 em). */
const NARROW_MARKS = '·‘’“”‚„–•°′″‹›«»¡¿§¶¢£¥¤¦¨ª¯²³´µ¸¹º';
/** Drawn about a full em wide by DejaVu: the widest Latin letters, the em dash and ellipsis Chinese text uses, signs. */
const FULL_EM = 'mwMW@%—―…‥™©®½¼¾±×÷¬';
/**
 * Anything else beyond ASCII that is not a wide (CJK) character: Cyrillic and Greek capitals (DejaVu
 * Sans Bold's Щ is 1.3 em with the bold factor), Œ, symbols drawn by a fallback font (※).
 */
const OTHER = 1.2;

/**
 * An upper bound of a character's advance in em for the DejaVu faces (their widest glyph of each
 * class, a little more) and Noto CJK (a full em), so that a line measured here never overflows once
 * drawn.
 */
function advance(ch: string, font: FontKind, bold: boolean): number {
  const cp = ch.codePointAt(0)!;
  if (isWide(cp)) return 1.02;
  if (cp > 0x7e) {
    // An accented Latin letter is as wide as its letter (é → e, Ŵ → W): the accent takes no room.
    const base = ch.normalize('NFD')[0]!;
    if (base !== ch && base.codePointAt(0)! <= 0x7e) return advance(base, font, bold);
  }
  // DejaVu Sans Mono draws Latin, Greek, Cyrillic and the common punctuation at 0.6 em; other
  // characters come from a fallback font.
  if (font === 'mono') return cp < 0x0530 || (cp >= 0x2010 && cp <= 0x2027) ? 0.61 : OTHER;
  let em: number;
  if (ch === ' ') em = 0.33;
  else if ("iljtfrI.,:;!|'’`()[]".includes(ch)) em = 0.42;
  else if (FULL_EM.includes(ch)) em = 1.02;
  else if (cp > 0x7e && !NARROW_MARKS.includes(ch)) em = OTHER;
  else if (ch >= 'A' && ch <= 'Z') em = 0.8;
  else if (ch >= '0' && ch <= '9') em = 0.66;
  else em = 0.66;
  if (font === 'serif') em *= 1.04;
  return bold ? em * 1.12 : em;
}

/** Width of a text drawn at `size` with `letterSpacing` (px). */
export function measure(text: string, size: number, font: FontKind, bold = false, letterSpacing = 0): number {
  let w = 0;
  for (const ch of text) w += advance(ch, font, bold) * size + letterSpacing;
  return w;
}

/** Marks a line never starts with (closing punctuation), and those it never ends with (opening). */
const NO_LINE_START = '，。、；：！？）］｝」』》〉】〕〗〙〛”’…‥—―～·・ー々〻ゝゞヽヾ,.;:!?)]}%';
const NO_LINE_END = '（［｛「『《〈【〔〖〘〚“‘([{';

/**
 * Pieces a line may break between: words, and each wide (CJK) character on its own, except that a
 * closing mark stays with the character before it and an opening mark with the one after it (no
 * line starts with "，" or "）", none ends with "（", as Chinese typesetting wants).
 */
function tokens(text: string): { text: string; space: boolean }[] {
  const out: { text: string; space: boolean }[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    let run = '';
    let first = true;
    const push = (piece: string) => {
      const prev = out.at(-1);
      if (!first && prev && (NO_LINE_START.includes(piece[0]!) || NO_LINE_END.includes(prev.text.at(-1)!))) {
        prev.text += piece;
        return;
      }
      out.push({ text: piece, space: first && out.length > 0 });
      first = false;
    };
    for (const ch of word) {
      if (!isWide(ch.codePointAt(0)!)) {
        run += ch;
        continue;
      }
      if (run) push(run);
      run = '';
      push(ch);
    }
    if (run) push(run);
  }
  return out;
}

/** Greedy wrap into lines no wider than maxWidth; a word wider than a line is split by characters. */
function wrap(text: string, size: number, box: TextBox, spacing: number): string[] {
  const bold = box.bold ?? false;
  const fits = (s: string) => measure(s, size, box.font, bold, spacing) <= box.maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const tok of tokens(text)) {
    const candidate = line ? `${line}${tok.space ? ' ' : ''}${tok.text}` : tok.text;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // The piece alone may still be too wide: break it by characters.
    for (const ch of tok.text) {
      if (line && !fits(line + ch)) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Fits a text into a placard: wrapped onto at most `maxLines` lines at the largest size from
 * `size` down to `minSize`; if it needs more even at `minSize`, it takes more lines. The text is
 * never cut: every character of it is on one of the lines.
 */
export function fitText(text: string, box: TextBox): FittedText {
  const clean = text.replace(/\s+/g, ' ').trim();
  const ratio = (box.letterSpacing ?? 0) / box.size;
  let lines: string[] = [];
  let size = box.size;
  for (; size >= box.minSize; size--) {
    lines = wrap(clean, size, box, ratio * size);
    if (lines.length <= box.maxLines) break;
  }
  size = Math.max(size, box.minSize);
  if (lines.length > box.maxLines) lines = wrap(clean, size, box, ratio * size);
  return { lines, size, letterSpacing: ratio * size, lineHeight: Math.round(size * 1.22) };
}

/**
 * The `<text>` element of fitted lines: `x`/`y` is the anchor of the first baseline, further lines
 * follow below. `anchor` as SVG's text-anchor.
 */
export function textSvg(
  fitted: FittedText,
  at: { x: number; y: number; anchor?: 'start' | 'middle' | 'end'; font: FontKind; bold?: boolean; italic?: boolean; fill: string; opacity?: number },
): string {
  const spans = fitted.lines.map((line, i) => html`<tspan x="${at.x}" dy="${i === 0 ? 0 : fitted.lineHeight}">${line}</tspan>`);
  const optional = (on: unknown, name: string, value: string | number) => (on ? html` ${trusted(name)}="${value}"` : null);
  return htmlText`<text x="${at.x}" y="${at.y}"${optional(at.anchor && at.anchor !== 'start', 'text-anchor', at.anchor ?? '')} font-family="${FONTS[at.font]}" font-size="${fitted.size}"${optional(at.bold, 'font-weight', 'bold')}${optional(at.italic, 'font-style', 'italic')}${optional(fitted.letterSpacing, 'letter-spacing', fitted.letterSpacing.toFixed(2))} fill="${at.fill}"${optional(at.opacity !== undefined, 'opacity', at.opacity ?? '')}>${spans}</text>`;
}

/** Height the lines take from the top of the first line to the bottom of the last. */
export const textHeight = (f: FittedText) => f.size + (f.lines.length - 1) * f.lineHeight;

import { escapeHtml } from '../../lib/html';

/** The font families the scenes draw text in (DejaVu on the server; the fallbacks for a viewer of the SVG). */
export const FONTS = {
  sans: 'DejaVu Sans, Helvetica, sans-serif',
  serif: 'DejaVu Serif, Georgia, serif',
  mono: 'DejaVu Sans Mono, monospace',
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
  (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || cp >= 0x1f300;

/**
 * An upper bound of a character's advance in em for the DejaVu faces (their widest glyph of each
 * class, a little more), so that a line measured here never overflows once drawn.
 */
function advance(ch: string, font: FontKind, bold: boolean): number {
  const cp = ch.codePointAt(0)!;
  if (isWide(cp)) return 1.02;
  if (font === 'mono') return 0.61;
  let em: number;
  if (ch === ' ') em = 0.33;
  else if ('iljtfrI.,:;!|\'’`()[]'.includes(ch)) em = 0.42;
  else if ('mwMW@%'.includes(ch)) em = 1.02;
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

/** Pieces a line may break between: words, and each wide (CJK) character on its own. */
function tokens(text: string): { text: string; space: boolean }[] {
  const out: { text: string; space: boolean }[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    let run = '';
    let first = true;
    const push = (piece: string) => {
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
  const attrs = [
    `x="${at.x}"`,
    `y="${at.y}"`,
    at.anchor && at.anchor !== 'start' ? `text-anchor="${at.anchor}"` : '',
    `font-family="${FONTS[at.font]}"`,
    `font-size="${fitted.size}"`,
    at.bold ? 'font-weight="bold"' : '',
    at.italic ? 'font-style="italic"' : '',
    fitted.letterSpacing ? `letter-spacing="${fitted.letterSpacing.toFixed(2)}"` : '',
    `fill="${at.fill}"`,
    at.opacity !== undefined ? `opacity="${at.opacity}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const spans = fitted.lines.map((line, i) => `<tspan x="${at.x}" dy="${i === 0 ? 0 : fitted.lineHeight}">${escapeHtml(line)}</tspan>`).join('');
  return `<text ${attrs}>${spans}</text>`;
}

/** Height the lines take from the top of the first line to the bottom of the last. */
export const textHeight = (f: FittedText) => f.size + (f.lines.length - 1) * f.lineHeight;

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STYLES, TITLE_MAX } from '@curio/contract';
import { escapeHtml } from '../../lib/html';
import { fitText, textSvg, type FittedText, type FontKind } from './placard-text';
import { compositions, PLACARDS, placardText, sceneFor } from './studio-scenes';

const TITLES = [
  'Tin robot',
  'Ceramic espresso cup',
  'STS-93 commander portrait figure, 1:6 scale, with display stand',
  'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW',
  'Supercalifragilisticexpialidocious-limited-edition-prototype',
  'M'.repeat(TITLE_MAX),
  'Mint mmm wide Wm'.repeat(6).slice(0, TITLE_MAX),
];

/** The drawn width of each line (its ink, measured in the rendered pixels). */
async function inkWidths(f: FittedText, font: FontKind, bold: boolean, italic: boolean): Promise<number[]> {
  const widths: number[] = [];
  for (const line of f.lines) {
    const canvas = 2600;
    const one = { ...f, lines: [line] };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${f.size * 2}"><rect width="100%" height="100%" fill="#fff"/>${textSvg(one, { x: 10, y: Math.round(f.size * 1.3), font, bold, italic, fill: '#000' })}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    let min = info.width;
    let max = -1;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[y * info.width + x]! < 200) {
          min = Math.min(min, x);
          max = Math.max(max, x);
        }
      }
    }
    expect(max, `"${line}" drew nothing`).toBeGreaterThan(min);
    expect(max, `"${line}" reached the edge of the test canvas`).toBeLessThan(canvas - 1);
    // From the pen's start (x = 10) to the last ink.
    widths.push(max - 10 + 1);
  }
  return widths;
}

describe('placard text', () => {
  it('keeps every character: lines joined give the text back, for Latin and CJK titles', () => {
    for (const style of STYLES) {
      for (const title of [...TITLES, '阿波罗十一号指令长纪念手办一比六比例限定版附展示底座和说明书', 'Gundam RX-78-2 高达 模型 1/144']) {
        const text = placardText(style, title);
        const fitted = fitText(text, PLACARDS[style]);
        const normal = text.replace(/\s+/g, '');
        expect(fitted.lines.join('').replace(/\s+/g, ''), `${style}: ${title}`).toBe(normal);
        expect(fitted.lines.every((l) => !l.includes('…'))).toBe(true);
      }
    }
  });

  it('shrinks before it wraps, and wraps rather than overflow: every drawn line fits its placard', async () => {
    for (const style of STYLES) {
      const box = PLACARDS[style];
      for (const title of TITLES) {
        const fitted = fitText(placardText(style, title), box);
        expect(fitted.size).toBeGreaterThanOrEqual(box.minSize);
        if (fitted.lines.length > 1) expect(fitted.size < box.size || fitted.lines.length <= box.maxLines, `${style}: ${title}`).toBe(true);
        const widths = await inkWidths(fitted, box.font, 'bold' in box && box.bold, style === 'manga_halftone');
        for (const [i, w] of widths.entries()) expect(w, `${style}: "${fitted.lines[i]}" at ${fitted.size}px`).toBeLessThanOrEqual(box.maxWidth);
      }
    }
  }, 120_000);

  it('a short title stays on one line at full size', () => {
    for (const style of STYLES) {
      const fitted = fitText(placardText(style, 'Tin robot'), PLACARDS[style]);
      expect(fitted.lines).toHaveLength(1);
      expect(fitted.size).toBe(PLACARDS[style].size);
    }
  });

  it('each scene writes the whole title, line by line, where it shows a placard', () => {
    const title = 'STS-93 commander portrait figure, 1:6 scale & stand';
    const comp = compositions('a1b2c3d4e5')[0]!;
    for (const style of STYLES) {
      const scene = sceneFor(style, comp, 'a1b2c3d4e5', title);
      const drawn = [scene.background, scene.overlay, scene.stage?.(600, 1200, 400) ?? ''].join('');
      const fitted = fitText(placardText(style, title), PLACARDS[style]);
      for (const line of fitted.lines) expect(drawn, style).toContain(`>${escapeHtml(line)}</tspan>`);
    }
  });
});

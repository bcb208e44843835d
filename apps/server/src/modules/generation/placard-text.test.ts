import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, STYLES, TITLE_MAX, type Language, type Style } from '@curio/contract';
import { fitText, measure, textSvg, type FittedText, type FontKind, type TextBox } from './placard-text';
import { PLACARD_WORDS } from './placard-words';
import { compositions, H, layoutVariant, MAIN_MAX_W, PLACARDS, placardText, placedSize, sceneFor, type Composition } from './studio-scenes';

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

  it('keeps closing marks off the start of a line and opening marks off its end (Chinese titles)', () => {
    const title = '初号机（新剧场版）——限定配色，附赠展示底座与说明书……「紫」、《福音战士》。';
    let breaks = 0;
    for (let maxWidth = 100; maxWidth <= 420; maxWidth += 7) {
      const fitted = fitText(title, { maxWidth, maxLines: 1, size: 20, minSize: 20, font: 'sans' });
      expect(fitted.lines.join(''), `${maxWidth}px`).toBe(title);
      breaks += fitted.lines.length - 1;
      for (const line of fitted.lines.slice(1)) expect('，。、）」》…—'.includes(line[0]!), `${maxWidth}px: "${line}"`).toBe(false);
      for (const line of fitted.lines.slice(0, -1)) expect('（「《'.includes(line.at(-1)!), `${maxWidth}px: "${line}"`).toBe(false);
    }
    expect(breaks).toBeGreaterThan(100);
  });

  it('counts a CJK character a full em wide: a Chinese line holds no more characters than fit at 1 em each', () => {
    expect(measure('高达模型', 20, 'sans')).toBeGreaterThanOrEqual(80);
    expect(measure('，。（）', 20, 'mono')).toBeGreaterThanOrEqual(80);
    const title = '阿波罗十一号指令长纪念手办一比六比例限定版附展示底座和说明书';
    for (const style of STYLES) {
      const box = PLACARDS[style];
      const fitted = fitText(placardText(style, title, 'zh-CN'), box);
      for (const line of fitted.lines) {
        const cjk = [...line].filter((ch) => /\p{Script=Han}/u.test(ch)).length;
        expect(cjk * fitted.size, `${style}: "${line}" at ${fitted.size}px`).toBeLessThanOrEqual(box.maxWidth);
      }
    }
    // Beyond CJK, every character is still bounded from above: accented letters as their letter,
    // the em dash and ellipsis Chinese text uses a full em, anything unknown more.
    expect(measure('é', 20, 'sans')).toBe(measure('e', 20, 'sans'));
    expect(measure('Ŵ', 20, 'serif', true)).toBe(measure('W', 20, 'serif', true));
    expect(measure('——', 20, 'sans')).toBeGreaterThanOrEqual(40);
    expect(measure('……', 20, 'serif')).toBeGreaterThanOrEqual(40);
    expect(measure('Щ', 20, 'sans', true)).toBeGreaterThanOrEqual(26);
  });

  it('each scene writes the whole title, line by line, where it shows a placard', () => {
    const title = 'STS-93 commander portrait figure, 1:6 scale & stand';
    for (const style of STYLES) {
      // One text element, its lines (tspans) giving the whole title back; the gallery's label may be narrower than its
      // usual width beside the figure, so the line breaks are not compared.
      const texts = drawnTexts(style, title, 'en', 0).map((t) => t.replace(/\s+/g, ''));
      expect(texts, style).toContain(placardText(style, title).replace(/\s+/g, ''));
    }
  });
});

/** A figure half as wide as it is tall, alone, as the composition stands it: every placard has room beside it. */
function slenderLayout(style: Style, comp: Composition) {
  return layoutVariant(comp, style, placedSize({ width: 1, height: 2 }, comp.scale * H, MAIN_MAX_W, comp, style), null);
}

/** The text of every `<text>` element a scene draws (its lines joined), entities decoded. */
function drawnTexts(style: Style, title: string, lang: Language | undefined, composition: number): string[] {
  const comp = compositions('a1b2c3d4e5')[composition]!;
  const scene = sceneFor(style, comp, 'a1b2c3d4e5', title, lang ?? 'en', slenderLayout(style, comp));
  const drawn = [scene.background, scene.overlay, scene.stage ?? ''].join('');
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
  return [...drawn.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&[#a-z0-9]+;/g, (e) => entities[e] ?? e));
}

/** Compositions 0, 1, 3 and 4 show the placard; 2 is a zoomed crop that leaves it out (but for manga's caption, when it has room). */
const TITLED = [0, 1, 3, 4];

describe("placard words in the collector's language", () => {
  const chinese = '阿波罗十一号指令长纪念手办';

  it('draws no English word for a Chinese-speaking collector (a Chinese title leaves no Latin letter at all)', () => {
    for (const style of STYLES) {
      for (const i of [0, 1, 2, 3, 4]) {
        const texts = drawnTexts(style, chinese, 'zh-CN', i);
        for (const text of texts) expect(text, `${style}, composition ${i + 1}`).not.toMatch(/[A-Za-z]/);
      }
    }
    const zh = PLACARD_WORDS['zh-CN'];
    for (const i of TITLED) {
      expect(drawnTexts('bright_gallery', chinese, 'zh-CN', i)).toContain(zh.collectionPiece);
      expect(drawnTexts('museum_brick_exhibit', chinese, 'zh-CN', i)).toContain(zh.privateCollection);
      expect(drawnTexts('desk_figure_prototype', chinese, 'zh-CN', i).join('')).toContain(`${zh.prototype} · ${chinese}`);
    }
  });

  it('draws the English words in English, and by default', () => {
    for (const lang of ['en', undefined] as const) {
      for (const i of TITLED) {
        expect(drawnTexts('bright_gallery', 'Tin robot', lang, i)).toContain('Collection piece');
        expect(drawnTexts('museum_brick_exhibit', 'Tin robot', lang, i)).toContain('PRIVATE COLLECTION');
        expect(drawnTexts('desk_figure_prototype', 'Tin robot', lang, i).join('')).toContain('PROTOTYPE · TIN ROBOT');
      }
      // Not one Chinese character for an English-speaking collector.
      for (const style of STYLES) for (const text of drawnTexts(style, 'Tin robot', lang, 0)) expect(text).not.toMatch(/\p{Script=Han}/u);
    }
  });

  it('has every word in every language, short enough for its placard', () => {
    for (const lang of LANGUAGES) {
      const words = PLACARD_WORDS[lang];
      expect(Object.keys(words).sort()).toEqual(Object.keys(PLACARD_WORDS.en).sort());
      // The gallery label's line (16 px, 260 px wide) and the plaque's credit line (15 px, 4 px spacing, 300 px).
      expect(measure(words.collectionPiece, 16, 'sans')).toBeLessThanOrEqual(PLACARDS.bright_gallery.maxWidth);
      expect(measure(words.privateCollection, 15, 'serif', false, 4)).toBeLessThanOrEqual(PLACARDS.museum_brick_exhibit.maxWidth);
    }
  });

  it('draws a Chinese title whole, in every style and language, wherever a placard shows', () => {
    const long = '初号机（新剧场版）——限定配色，附赠展示底座与说明书，一比一百四十四比例，含透明亚克力展示盒';
    for (const lang of LANGUAGES) {
      for (const style of STYLES) {
        for (const title of [chinese, long, 'Gundam RX-78-2 高达 模型 1/144']) {
          const expected = placardText(style, title, lang);
          for (const i of style === 'manga_halftone' ? [0, 1, 2, 3, 4] : TITLED) {
            const texts = drawnTexts(style, title, lang, i);
            const fitted = fitText(expected, PLACARDS[style]);
            // Its lines, one tspan each, give the whole text back.
            expect(
              texts.map((t) => t.replace(/\s+/g, '')),
              `${lang} ${style} ${i + 1}`,
            ).toContain(expected.replace(/\s+/g, ''));
            expect(fitted.lines.join('').replace(/\s+/g, '')).toBe(expected.replace(/\s+/g, ''));
            for (const ch of expected.replace(/\s+/g, '')) expect(texts.join(''), `${lang} ${style}: ${ch}`).toContain(ch);
          }
        }
      }
    }
  });
});

/** Whether fontconfig has a font for Chinese (Debian: fonts-noto-cjk). */
function cjkFontInstalled(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}
const CJK_FONT = cjkFontInstalled();

describe('Chinese placards drawn with the CJK font', () => {
  // Needs fonts-noto-cjk (.ci/run installs it; the Dockerfile too). On a machine without it the text
  // would be drawn as boxes: skipped there, except on CI, where it must be present.
  it.runIf(CJK_FONT || process.env.CI)(
    'every drawn line of a Chinese or mixed title fits its placard',
    async () => {
      expect(CJK_FONT, 'no font for Chinese: apt-get install fonts-noto-cjk').toBe(true);
      const titles = [
        '阿波罗十一号指令长纪念手办一比六比例限定版附展示底座和说明书',
        '初号机（新剧场版）——限定配色，附赠展示底座与说明书……',
        'Gundam RX-78-2 高达 模型 1/144 ※ 限定',
        'Щука ŒUVRE Æther ½ ©™ — naïve façade 高达',
      ];
      for (const style of STYLES) {
        const box: TextBox = PLACARDS[style];
        for (const title of titles) {
          const fitted = fitText(placardText(style, title, 'zh-CN'), box);
          const widths = await inkWidths(fitted, box.font, box.bold ?? false, style === 'manga_halftone');
          for (const [i, w] of widths.entries()) expect(w, `${style}: "${fitted.lines[i]}" at ${fitted.size}px`).toBeLessThanOrEqual(box.maxWidth);
        }
      }
    },
    120_000,
  );
});

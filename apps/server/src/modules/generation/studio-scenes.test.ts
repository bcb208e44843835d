import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STYLES } from '@curio/contract';
import { SAMPLE_NAMES } from './sample-photos';
import { COMPANION, compositions, H, layoutVariant, MAIN_MAX_W, onPicture, overlaps, placedSize, sceneFor, W } from './studio-scenes';

/** Subjects as photos give them: slender figures, square busts, wide vehicles, and framed prints of close-ups. */
const SHAPES = {
  slender: { width: 1, height: 2.2 },
  square: { width: 1, height: 1 },
  wide: { width: 1.8, height: 1 },
  print: { width: 1.09, height: 1.27 },
};
const TITLES = [
  'Tin robot',
  'STS-93 commander portrait figure, 1:6 scale, with the display stand and box',
  '初号机（新剧场版）——限定配色，附赠展示底座与说明书',
];
const SEEDS = ['a1b2c3d4e5', '0f0f0f0f', 'deadbeef', '12345678'];

function* cases() {
  for (const style of STYLES)
    for (const seed of SEEDS)
      for (const c of compositions(seed))
        for (const [shape, s] of Object.entries(SHAPES))
          for (const companion of [false, true])
            for (const title of TITLES) {
              const main = placedSize(s, c.scale * H, MAIN_MAX_W, c, style);
              const second = companion && c.companion ? placedSize(SHAPES.square, c.scale * H * COMPANION.scale, COMPANION.maxW, c, style) : null;
              const layout = layoutVariant(c, style, main, second, shape === 'print');
              const scene = sceneFor(style, c, seed, title, 'en', layout);
              yield {
                style,
                seed,
                c,
                shape,
                title,
                layout,
                scene,
                label: `${style} ${seed} variant ${c.index + 1} ${shape}${second ? ' + companion' : ''} "${title.slice(0, 12)}"`,
              };
            }
}

describe('studio scenes: where the words go', () => {
  it('never places text under a figure, in any style, composition, subject shape or title length', () => {
    let checked = 0;
    for (const { layout, scene, label } of cases()) {
      const figures = layout.figures.map((f) => onPicture(f, layout.view));
      for (const text of scene.texts) {
        expect(text.left >= 0 && text.top >= 0 && text.left + text.width <= W && text.top + text.height <= H, `${label}: text inside the picture`).toBe(true);
        for (const f of figures) expect(overlaps(text, f), label).toBe(false);
        checked++;
      }
    }
    // Most variants do carry their placard: the rule moves text rather than dropping it.
    expect(checked).toBeGreaterThan(1500);
  });

  it("moves the gallery's wall label away from a wide subject instead of hanging it behind", () => {
    // The bright gallery's label used to hang at a fixed side whatever stood there (the wide print of a close-up,
    // the motorcycle): each titled variant now shows it clear of the subject, or not at all.
    let shown = 0;
    for (const { style, shape, c, scene, layout, label } of cases()) {
      if (style !== 'bright_gallery' || shape === 'slender' || c.zoom > 1.01) continue;
      if (scene.texts.length) shown++;
      for (const text of scene.texts) for (const f of layout.figures) expect(overlaps(text, f, 16), label).toBe(false);
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('keeps a framed print whole in the zoomed portrait, where a cut-out is cropped to its upper part', () => {
    for (const seed of SEEDS) {
      const c = compositions(seed)[2]!;
      expect(c.zoom).toBeGreaterThan(1.01);
      for (const style of STYLES) {
        const print = placedSize(SHAPES.print, c.scale * H * 0.82, MAIN_MAX_W, c, style);
        const whole = layoutVariant(c, style, print, null, true);
        const f = whole.figures[0]!;
        expect(f.top, style).toBeGreaterThanOrEqual(whole.view.top);
        expect(f.top + f.height, style).toBeLessThanOrEqual(whole.view.top + whole.view.height);
        const figure = placedSize(SHAPES.slender, c.scale * H, MAIN_MAX_W, c, style);
        const cropped = layoutVariant(c, style, figure, null, false);
        expect(cropped.figures[0]!.top + cropped.figures[0]!.height, style).toBeGreaterThan(cropped.view.top + cropped.view.height);
      }
    }
  });
});

describe('the style gallery', () => {
  it('in docs/design.md, written by the script, shows every test photo and its picture is there', () => {
    const design = readFileSync(new URL('../../../../../docs/design.md', import.meta.url), 'utf8');
    const section = /<!-- style-gallery:start[\s\S]*?<!-- style-gallery:end -->/.exec(design)?.[0] ?? '';
    expect(section).toContain('written by `npm run style-gallery`');
    for (const name of SAMPLE_NAMES) expect(section, name).toMatch(new RegExp(`^\\| ${name} \\|`, 'm'));
    expect(section).toMatch(/\| cat \| .* \| the whole photo as a framed print \(the subject fills the frame\) \|/);
    expect(existsSync(new URL('../../../../../docs/style-gallery.jpg', import.meta.url))).toBe(true);
  });
});

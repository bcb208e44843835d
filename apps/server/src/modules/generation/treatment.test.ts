import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { simpleCut } from '../cutouts/simple-cut';
import { samplePhoto } from './sample-photos';
import { assessCutout, framedPrint } from './treatment';

/** A cut-out of `w`×`h` whose alpha is drawn by `svg` (white = subject). */
const mask = async (w: number, h: number, svg: string) => {
  const alpha = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#000"/>${svg}</svg>`),
  )
    .greyscale()
    .raw()
    .toBuffer();
  return sharp({ create: { width: w, height: h, channels: 3, background: '#c0392b' } })
    .joinChannel(alpha, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
};

describe('how the studio shows an item', () => {
  it('stands a subject photographed with room around it as its cut-out', async () => {
    for (const name of ['robot', 'astronaut'] as const) {
      const cut = await simpleCut(await samplePhoto(name, { width: 480, height: 560 }));
      expect(await assessCutout(cut), name).toEqual({ kind: 'cutout', reason: null });
    }
  });

  it('shows a close-up whose subject fills the frame (the cat, ears cut by the top) as a framed print', async () => {
    const cut = await simpleCut(await samplePhoto('cat', { width: 480, height: 560 }));
    expect(await assessCutout(cut)).toEqual({ kind: 'print', reason: 'fills_frame' });
    // Cut by one side only, or covering most of the photo, is a close-up too; a base on the bottom edge is not.
    expect(await assessCutout(await mask(400, 500, '<rect x="-50" y="100" width="250" height="300" fill="#fff"/>'))).toEqual({
      kind: 'print',
      reason: 'fills_frame',
    });
    expect(await assessCutout(await mask(400, 500, '<rect x="10" y="10" width="380" height="480" fill="#fff"/>'))).toEqual({
      kind: 'print',
      reason: 'fills_frame',
    });
    expect(await assessCutout(await mask(400, 500, '<rect x="150" y="100" width="100" height="400" fill="#fff"/>'))).toEqual({ kind: 'cutout', reason: null });
  });

  it("does not use a poor cut-out: the simple cut that ran into the dinosaur's checked cloth up to the edges", async () => {
    const cut = await simpleCut(await samplePhoto('dino', { width: 480, height: 560 }));
    expect(await assessCutout(cut)).toEqual({ kind: 'print', reason: 'fills_frame' });
  });

  it('shows the photo as a print when the mask is unsure where the subject ends, or found nothing', async () => {
    const blurred = `<defs><filter id="b"><feGaussianBlur stdDeviation="40"/></filter></defs><ellipse cx="200" cy="250" rx="110" ry="150" fill="#fff" filter="url(#b)"/>`;
    expect(await assessCutout(await mask(400, 500, blurred))).toEqual({ kind: 'print', reason: 'unsure_mask' });
    expect(await assessCutout(await mask(400, 500, ''))).toEqual({ kind: 'print', reason: 'unsure_mask' });
  });

  it('frames the whole photo, edges and background included, opaque and taller than the photo by its frame', async () => {
    const photo = await samplePhoto('cat', { width: 300, height: 350 });
    for (const style of ['bright_gallery', 'desk_figure_prototype'] as const) {
      const print = await framedPrint(photo, style);
      const meta = await sharp(print.png).metadata();
      expect([meta.width, meta.height]).toEqual([print.width, print.height]);
      expect(print.width).toBeGreaterThan(300);
      expect(print.height).toBeGreaterThan(350);
      const { channels } = await sharp(print.png).stats();
      // No transparent pixel: the print stands as one piece.
      expect(channels[3]!.min).toBe(255);
    }
    // The desk's photo card is deeper at the bottom than at the top, as a print card is.
    const card = await framedPrint(photo, 'desk_figure_prototype');
    const gallery = await framedPrint(photo, 'bright_gallery');
    expect(card.height - 350).toBeGreaterThan(card.width - 300);
    expect(gallery.height - 350).toBe(gallery.width - 300);
  });
});

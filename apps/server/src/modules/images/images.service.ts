import { randomBytes } from 'node:crypto';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_TOKEN_TTL_MS, type ImageVariant, type UploadsSignResult } from '@curio/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import type { ImageRules } from '../read/visibility';
import type { Storage } from '../../storage/storage';
import { ImageRejected, processImage } from './image-processing';
import { imagesRepository, type ImageRow } from './images.repository';

export const UPLOAD_PATH = '/storage/v1/upload';
const newId = (bytes: number) => randomBytes(bytes).toString('base64url');

const uploadErrors = {
  invalid: (message: string) => new AppError(400, 'upload_invalid', message, { file: 'invalid_value' }),
  expired: () => new AppError(400, 'upload_expired', 'This upload link has expired or was already used'),
  tooLarge: () => new AppError(413, 'payload_too_large', 'The file is larger than 15 MB'),
};
const UPLOAD_RATE_LIMIT_MESSAGE = 'Too many uploads — please try again later.';

const keyOf = (id: string, name: string) => `images/${id}/${name}`;

export function createImagesService(db: Db, deps: { storage: Storage; logger: Logger; rateLimits: RateLimitsService; uploadsPerHour: number }) {
  const repo = imagesRepository(db);
  const { storage, logger } = deps;

  /**
   * Processes and stores an image with its variants: the objects first, then the row, so that a row
   * always has its objects. Nothing is left behind when a step fails; what a killed process leaves
   * (objects without a row) the storage sweep removes (modules/storage-sweep).
   */
  async function store(input: Buffer, meta: { id?: string; ownerId: string | null; kind: ImageRow['kind']; keepAlpha?: boolean }) {
    const processed = await processImage(input, { keepAlpha: meta.keepAlpha });
    const id = meta.id ?? newId(16);
    try {
      await Promise.all([
        storage.put(keyOf(id, `master.${processed.master.ext}`), processed.master.data, processed.master.contentType),
        ...Object.entries(processed.variants).map(([variant, data]) => storage.put(keyOf(id, `${variant}.webp`), data, 'image/webp')),
      ]);
    } catch (err) {
      await storage.deletePrefix(`images/${id}`).catch(() => undefined);
      throw err;
    }
    try {
      await repo.insert({
        id,
        ownerId: meta.ownerId,
        kind: meta.kind,
        masterFormat: processed.master.ext as 'jpg' | 'png',
        width: processed.width,
        height: processed.height,
        bytes: processed.master.data.length,
      });
    } catch (err) {
      // The insert may have committed before its answer was lost (the database went away): the
      // objects go only once the row is known to be absent; otherwise the sweep decides later.
      if ((await repo.find(id).catch(() => undefined)) === null) await storage.deletePrefix(`images/${id}`).catch(() => undefined);
      throw err;
    }
    return { id, width: processed.width, height: processed.height };
  }

  return {
    store,

    async sign(userId: string, input: { kind: 'photo' | 'avatar'; fileName: string; contentType: string }): Promise<UploadsSignResult> {
      const type = input.contentType.toLowerCase();
      if (!(UPLOAD_ACCEPT as readonly string[]).includes(type)) {
        throw uploadErrors.invalid('Only JPEG, PNG, WebP, AVIF, HEIC and GIF images are accepted');
      }
      // Counted in the database per user and hour: exact under concurrency, across processes.
      await deps.rateLimits.hit('uploads-sign', userId, { max: deps.uploadsPerHour, windowSeconds: 3600, message: UPLOAD_RATE_LIMIT_MESSAGE });
      const token = newId(24);
      const imageId = newId(16);
      await repo.insertToken({
        token,
        userId,
        imageId,
        kind: input.kind,
        fileName: input.fileName,
        contentType: type,
        expiresAt: new Date(Date.now() + UPLOAD_TOKEN_TTL_MS),
      });
      return { uploadURL: `${UPLOAD_PATH}/${token}`, imageId };
    },

    /** Receives the file for a signed upload: single use, the signer only, within 10 minutes. */
    async receive(token: string, userId: string, file: File | null) {
      // Tokens are base64url; anything else (a NUL from the path, for one) is not a link we made.
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw notFound('Unknown upload link');
      const row = await repo.findToken(token);
      if (!row || row.userId !== userId) throw notFound('Unknown upload link');
      if (row.usedAt || row.expiresAt <= new Date()) throw uploadErrors.expired();
      if (!file) throw uploadErrors.invalid('Attach the image as the form field "file"');
      if (file.size > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
      if (!(await repo.consumeToken(token))) throw uploadErrors.expired();
      const bytes = Buffer.from(await file.arrayBuffer());
      try {
        return await store(bytes, { id: row.imageId, ownerId: userId, kind: row.kind });
      } catch (err) {
        if (err instanceof ImageRejected) throw uploadErrors.invalid(err.message);
        logger.error({ err, imageId: row.imageId }, 'upload processing failed');
        throw err;
      }
    },

    /** A stored variant's bytes, or null when the image or variant does not exist. */
    async read(imageId: string, variant: ImageVariant): Promise<Buffer | null> {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(imageId)) return null;
      return storage.get(keyOf(imageId, `${variant}.webp`));
    },

    /**
     * Where the browser should fetch a variant from the object store directly (S3_PUBLIC_URL set):
     * a signed URL, or null when the image does not exist; undefined when the app serves the bytes.
     */
    async redirectUrl(imageId: string, variant: ImageVariant): Promise<string | null | undefined> {
      if (!storage.signedUrl) return undefined;
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(imageId) || !(await repo.find(imageId))) return null;
      return storage.signedUrl(keyOf(imageId, `${variant}.webp`));
    },

    /** The cleaned master, for cut-outs and generation. */
    async readMaster(imageId: string): Promise<Buffer | null> {
      const row = await repo.find(imageId);
      if (!row) return null;
      return storage.get(keyOf(imageId, `master.${row.masterFormat}`));
    },

    find: (imageId: string) => repo.find(imageId),

    /** What the visibility rules of its delivery need: the items that show this image, whose avatar it is, and the wanted entries that show it. */
    async accessRules(imageId: string): Promise<ImageRules> {
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(imageId)) return { items: [], avatarOf: null, wanted: [] };
      const items = await repo.itemRefs(imageId);
      // No item shows an avatar or a wanted entry's photo: item images (most requests) stay one query.
      if (items.length) return { items, avatarOf: null, wanted: [] };
      const [avatarOf, wanted] = await Promise.all([repo.avatarOwner(imageId), repo.wantedRefs(imageId)]);
      return { items, avatarOf, wanted };
    },

    /** The rows first, then the objects: a process killed between leaves objects the sweep removes, never a row without its image. */
    async remove(ids: string[]) {
      await repo.deleteMany(ids);
      for (const id of ids) await storage.deletePrefix(`images/${id}`);
    },

    /** The clean-up job: upload signatures that expired without being used are deleted. */
    removeUnusedUploadTokens: (now = new Date()) => repo.deleteUnusedTokens(now),
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;

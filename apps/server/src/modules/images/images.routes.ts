import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_VARIANTS, UPLOAD_MAX_BYTES, type ImageVariant } from '@curio/contract';
import type { Auth } from '../../auth/auth';
import { envelope, notFound, unauthorized } from '../../lib/errors';
import { implement } from '../../lib/functions';
import { imageAccess } from '../read/visibility';
import type { ImagesService } from './images.service';

export const imagesFunctions = (images: ImagesService) =>
  implement({
    'uploads-sign': (input, { user }) => images.sign(user.id, input),
  });

/** POST /storage/v1/upload/{token}: the signed upload (multipart, field `file`). */
export function uploadRouter(auth: Auth, images: ImagesService) {
  const router = new Hono();
  router.post(
    '/:token',
    bodyLimit({
      maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
      onError: (c) => c.json(envelope('payload_too_large', 'The file is larger than 15 MB'), 413),
    }),
    async (c) => {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw unauthorized();
      let file: File | null = null;
      try {
        const form = await c.req.formData();
        const value = form.get('file');
        file = value instanceof File ? value : null;
      } catch {
        file = null;
      }
      const result = await images.receive(c.req.param('token'), session.user.id, file);
      return c.json({ imageId: result.id, width: result.width, height: result.height });
    },
  );
  return router;
}

/** Who is asking, for images that not everyone may see (resolved only for those). */
export type ImageViewer = (headers: Headers) => Promise<{ id: string | null; isAdmin: boolean; isModerator: boolean }>;

/**
 * Cache-Control of delivered images. An image nothing governs (an upload not placed yet) never
 * changes and is public: cached for a year as immutable. An image of an item everyone may see, and
 * the avatar of a profile everyone may see, is public for 5 minutes and then revalidated (ETag: a 304
 * costs one query): the item may be hidden, or the person go private or be hidden, later, and no
 * browser or proxy may keep showing it for longer. Anything else (hidden or private items, avatars of
 * private or hidden people, for their owner, admins and moderators) and every refusal is
 * `private, no-store`.
 */
export const IMAGE_CACHE = {
  unattached: 'public, max-age=31536000, immutable',
  visible: 'public, max-age=300, must-revalidate',
  restricted: 'private, no-store',
} as const;

const NO_VIEWER: ImageViewer = async () => ({ id: null, isAdmin: false, isModerator: false });

/**
 * GET /img/{imageId}/{variant}: the bytes with a strong ETag, under the visibility rules of the
 * items that show the image, or of the profile whose avatar it is (read/visibility.ts `imageAccess`):
 * a DMCA takedown answers 451 to others than its owner and staff; another hidden or a private item,
 * and a private or hidden person's avatar, 404.
 */
export function imageDeliveryRouter(images: ImagesService, opts: { viewer?: ImageViewer } = {}) {
  const router = new Hono();
  const viewerOf = opts.viewer ?? NO_VIEWER;
  router.get('/:imageId/:variant', async (c) => {
    const { imageId, variant } = c.req.param();
    if (!(IMAGE_VARIANTS as readonly string[]).includes(variant)) throw notFound('Unknown image variant');
    const rules = await images.accessRules(imageId);
    const access = await imageAccess(rules, () => viewerOf(c.req.raw.headers));
    const governed = rules.items.length > 0 || rules.avatarOf !== null || rules.wanted.length > 0;
    if (access === 'dmca' || access === 'denied') {
      c.header('Cache-Control', IMAGE_CACHE.restricted);
      if (access === 'dmca') return c.json(envelope('unavailable_for_legal_reasons', 'This image was removed in response to a DMCA notice'), 451);
      throw notFound('Unknown image');
    }
    const cache = access === 'viewer' ? IMAGE_CACHE.restricted : governed ? IMAGE_CACHE.visible : IMAGE_CACHE.unattached;
    // With a CDN in front of the bucket: a redirect to the same signed URL for a whole signing window
    // (public images only: the CDN would keep the bytes of a restricted one for everyone).
    if (access === 'everyone') {
      const redirect = await images.redirectUrl(imageId, variant as ImageVariant);
      if (redirect === null) throw notFound('Unknown image');
      if (redirect) {
        c.header('Cache-Control', governed ? IMAGE_CACHE.visible : 'public, max-age=3600');
        return c.redirect(redirect, 302);
      }
    }
    const etag = `"${imageId}.${variant}.v1"`;
    const headers: Record<string, string> = { ETag: etag, 'Cache-Control': cache };
    if (access === 'viewer') headers.Vary = 'Cookie, Authorization';
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim() === etag)) {
      // Still check it exists: a 304 for an unknown id would be a lie.
      if (!(await images.find(imageId))) throw notFound('Unknown image');
      return c.body(null, 304, headers);
    }
    const bytes = await images.read(imageId, variant as ImageVariant);
    if (!bytes) throw notFound('Unknown image');
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': 'image/webp' });
  });
  return router;
}

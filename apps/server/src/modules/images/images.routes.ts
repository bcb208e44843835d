import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_VARIANTS, UPLOAD_MAX_BYTES, type ImageVariant } from '@curio/contract';
import type { Auth } from '../../auth/auth';
import { envelope, notFound, unauthorized } from '../../lib/errors';
import { implement } from '../../lib/functions';
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

/** GET /img/{imageId}/{variant}: immutable bytes with a strong ETag. */
export function imageDeliveryRouter(images: ImagesService) {
  const router = new Hono();
  router.get('/:imageId/:variant', async (c) => {
    const { imageId, variant } = c.req.param();
    if (!(IMAGE_VARIANTS as readonly string[]).includes(variant)) throw notFound('Unknown image variant');
    // With a CDN in front of the bucket: a redirect to the same signed URL for a whole signing window.
    const redirect = await images.redirectUrl(imageId, variant as ImageVariant);
    if (redirect === null) throw notFound('Unknown image');
    if (redirect) {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.redirect(redirect, 302);
    }
    const etag = `"${imageId}.${variant}.v1"`;
    const headers = { ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable' };
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

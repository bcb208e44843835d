import { createHash, randomUUID } from 'node:crypto';
import {
  MAX_ITEMS_PER_SHELF,
  MAX_PHOTOS_PER_ITEM,
  SHELF_MESSAGES,
  VARIANTS_PER_GENERATION,
  type Language,
  type Photo,
  type PhotoPrep,
  type PhotoRole,
  type Style,
  type ItemsGenerateResult,
  type ItemsUnfinishedListResult,
  type ItemsVariantsListResult,
  type ItemFacts,
} from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { isUniqueViolation, type Tx } from '../../db/types';
import type { DomainEvents } from '../events/domain-events';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { CreditsService } from '../credits/credits.service';
import type { CutoutsService } from '../cutouts/cutouts.service';
import type { Generator } from '../generation/generator';
import type { ImagesService } from '../images/images.service';
import type { RolesService } from '../roles/roles.service';
import type { ShelvesService } from '../shelves/shelves.service';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { DRAFT_TTL_MS } from './item-pages.service';
import { factColumns, factsOf } from './item-facts';
import { compositesRepository, imageOwnership, itemsRepository, photosRepository, type PhotoRow } from './items.repository';

const prepOf = (p: PhotoRow): PhotoPrep => (p.cutoutStatus === 'done' ? 'ready' : p.cutoutStatus);
const mapPhoto = (p: PhotoRow): Photo => ({ id: p.id, itemId: p.itemId, imageId: p.imageId, role: p.role, prep: prepOf(p), altText: p.altText });

/** How long items-generate waits for the photos' cut-outs, and how often it looks. */
export const CUTOUT_WAIT_MS = 60_000;
const CUTOUT_POLL_MS = 250;

export interface ItemsDeps {
  shelves: ShelvesService;
  credits: CreditsService;
  settings: SiteSettingsService;
  roles: RolesService;
  images: ImagesService;
  cutouts: CutoutsService;
  generator: Generator;
  logger: Logger;
  /** How long generation waits for pending cut-outs (default {@link CUTOUT_WAIT_MS}). */
  cutoutWaitMs?: number;
  /**
   * Publishes `item.changed` when a saved item's image changes (every process drops what it kept of it), and
   * `item.published` when an item gets its first image (open home feeds count it as new).
   */
  domainEvents: DomainEvents;
}

export function createItemsService(db: Db, deps: ItemsDeps) {
  const items = itemsRepository(db);
  const photos = photosRepository(db);

  async function ownItem(userId: string, itemId: string) {
    const item = await items.find(itemId);
    if (!item || item.userId !== userId) throw notFound('Item not found');
    return item;
  }
  async function ownPhoto(userId: string, imageId: string) {
    const row = await photos.findByImage(imageId);
    if (!row || row.ownerId !== userId) throw notFound('Photo not found');
    return row.photo;
  }

  /**
   * The item's photos once none waits for its cut-out (read from the database, so a cut-out stored
   * by any process counts); 503 `photos_preparing` when some still wait after the bound.
   */
  async function preparedPhotos(itemId: string): Promise<PhotoRow[]> {
    const until = Date.now() + (deps.cutoutWaitMs ?? CUTOUT_WAIT_MS);
    for (;;) {
      const list = await photos.listByItem(itemId);
      if (!list.some((p) => p.cutoutStatus === 'pending')) return list;
      if (Date.now() >= until) {
        throw new AppError(503, 'photos_preparing', 'Your photos are still being prepared. Please try again in a moment.', undefined, {
          'Retry-After': '10',
        });
      }
      await new Promise((r) => setTimeout(r, Math.min(CUTOUT_POLL_MS, Math.max(0, until - Date.now()))));
    }
  }

  return {
    /**
     * Creates an item on the user's shelf; the 50-item limit holds under concurrent requests. `within` runs in the
     * item's own transaction (an import records the item's ledger and its progress with it, all or nothing).
     */
    async create(
      userId: string,
      input: { title: string; tags: string[]; nsfw: boolean; metadata: string | null; facts: ItemFacts },
      within?: (tx: Tx, itemId: string) => Promise<void>,
    ) {
      const shelf = await deps.shelves.ownShelf(userId);
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `items:${shelf.id}`);
        const repo = itemsRepository(tx);
        if ((await repo.countByShelf(shelf.id)) >= MAX_ITEMS_PER_SHELF) throw conflict('item_limit', SHELF_MESSAGES.itemLimit);
        const { facts, ...fields } = input;
        const created = await repo.insert({ shelfId: shelf.id, userId, ...fields, ...factColumns(facts) });
        await within?.(tx, created.id);
        return created;
      });
      return {
        item: {
          id: row.id,
          shelfId: row.shelfId,
          title: row.title,
          tags: row.tags,
          nsfw: row.nsfw,
          metadata: row.metadata,
          facts: factsOf(row),
          chosenCompositeId: null,
          createdAt: row.createdAt.toISOString(),
        },
      };
    },

    /** Records an uploaded image as a photo of the user's item (at most 10) and queues its cut-out. */
    async addPhoto(userId: string, input: { itemId: string; imageId: string; role: PhotoRole }) {
      await ownItem(userId, input.itemId);
      const image = await imageOwnership(db).find(input.imageId);
      if (!image || image.ownerId !== userId || image.kind !== 'photo') throw notFound('Image not found');
      let photo: PhotoRow;
      try {
        photo = await db.transaction(async (tx) => {
          await lockKey(tx, `photos:${input.itemId}`);
          const repo = photosRepository(tx);
          if ((await repo.countByItem(input.itemId)) >= MAX_PHOTOS_PER_ITEM) throw conflict('photo_limit', SHELF_MESSAGES.maxPhotos);
          return repo.insert({ itemId: input.itemId, imageId: input.imageId, role: input.role });
        });
      } catch (err) {
        if (isUniqueViolation(err, 'photos_image_id_unique')) throw conflict('bad_request', 'This image is already a photo');
        throw err;
      }
      // The photo is recorded either way; one whose job could not be sent is queued at the next start.
      await deps.cutouts.enqueue(photo.id).catch((err) => deps.logger.warn({ err, photoId: photo.id }, 'cut-out job not sent'));
      return { photo: mapPhoto(photo) };
    },

    /**
     * `items-unfinished-list`: the user's items without a chosen image, newest first, each with the wizard step it
     * resumes at, its photos, and when the drafts clean-up deletes it.
     */
    async unfinished(userId: string): Promise<ItemsUnfinishedListResult> {
      const rows = await items.unfinished(userId);
      const byItem = new Map<string, PhotoRow[]>();
      for (const p of await photos.listByItems(rows.map((r) => r.id))) byItem.set(p.itemId, [...(byItem.get(p.itemId) ?? []), p]);
      return {
        items: rows.map((r) => {
          const list = byItem.get(r.id) ?? [];
          return {
            id: r.id,
            title: r.title,
            tags: r.tags,
            nsfw: r.nsfw,
            photoCount: list.length,
            createdAt: r.createdAt.toISOString(),
            expiresAt: r.kept ? null : new Date(r.createdAt.getTime() + DRAFT_TTL_MS).toISOString(),
            step: Number(r.variantCount) > 0 ? 'generate' : list.length > 0 ? 'style' : 'photos',
            photos: list.map((p) => ({ imageId: p.imageId, role: p.role, prep: prepOf(p) })),
            facts: factsOf(r),
          };
        }),
      };
    },

    /** `items-variants-list`: every variant generated for the owner's item, oldest first (nothing paid for is lost). */
    async variants(userId: string, itemId: string): Promise<ItemsVariantsListResult> {
      await ownItem(userId, itemId);
      const rows = await compositesRepository(db).listForItem(itemId);
      return {
        variants: rows.map((c) => ({
          compositeId: c.id,
          imageId: c.imageId,
          variantNo: c.variantNo,
          style: c.style as Style,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },

    /** Each photo's preparation for generation, in upload order. */
    async photosStatus(userId: string, itemId: string) {
      await ownItem(userId, itemId);
      return { photos: (await photos.listByItem(itemId)).map((p) => ({ imageId: p.imageId, prep: prepOf(p) })) };
    },

    /**
     * `photos-update` (and `photos-update-role`, its older name, for the role alone): what is given of the photo's
     * role and alt text. The item's page shows both, so a change drops it everywhere.
     */
    async updatePhoto(userId: string, input: { imageId: string; role?: PhotoRole; altText?: string | null }) {
      const photo = await ownPhoto(userId, input.imageId);
      const set = { ...(input.role !== undefined ? { role: input.role } : {}), ...(input.altText !== undefined ? { altText: input.altText } : {}) };
      if (!Object.keys(set).length) return { photo: mapPhoto(photo) };
      const updated = await deps.domainEvents.transaction(db, async (tx, publish) => {
        const row = await photosRepository(tx).update(photo.id, set);
        await publish('item.changed', { itemId: photo.itemId });
        return row;
      });
      return { photo: mapPhoto(updated) };
    },

    async deletePhoto(userId: string, imageId: string) {
      const photo = await ownPhoto(userId, imageId);
      await photos.delete(photo.id);
      await deps.images.remove([photo.imageId, ...(photo.cutoutImageId ? [photo.cutoutImageId] : [])]);
      return { deleted: true as const };
    },

    /**
     * Five variants in a style. Costs 3 credits taken atomically; refunded when generation fails.
     * Refused for non-admins during maintenance. `lang` is the language of the words drawn on the
     * images (not in the seed: the same item gives the same pictures in either language).
     */
    async generate(userId: string, input: { itemId: string; style: Style; lang?: Language }): Promise<ItemsGenerateResult> {
      const item = await ownItem(userId, input.itemId);
      const { maintenanceMode } = await deps.settings.get();
      if (maintenanceMode && !(await deps.roles.hasRole(userId, 'admin'))) {
        throw new AppError(403, 'maintenance', 'Generation is paused for maintenance');
      }
      if (!(await photos.countByItem(item.id))) throw new AppError(400, 'needs_photo', SHELF_MESSAGES.needPhotos);
      // Never a worse cut-out in silence: wait for the model; only photos it failed on use the simple cut.
      const itemPhotos = await preparedPhotos(item.id);
      if (!itemPhotos.length) throw new AppError(400, 'needs_photo', SHELF_MESSAGES.needPhotos);

      const generationId = randomUUID();
      await deps.credits.spendForGeneration(userId, generationId);
      const stored: string[] = [];
      try {
        const inputs = await Promise.all(
          itemPhotos.map(async (p) => {
            const master = await deps.images.readMaster(p.imageId);
            if (!master) throw new Error(`photo ${p.imageId} has no stored image`);
            const cut = await deps.cutouts.cutoutFor(p, master);
            return { role: p.role, photo: master, cutout: cut.png, simple: cut.simple, imageId: p.imageId };
          }),
        );
        const simpleCut = inputs.filter((p) => p.simple).map((p) => p.imageId);
        const seed = createHash('sha256')
          .update([input.style, item.title, ...itemPhotos.map((p) => p.imageId)].join('|'))
          .digest('hex');
        const { images: buffers, treatment } = await deps.generator.generate({
          style: input.style,
          title: item.title,
          photos: inputs.map(({ role, photo, cutout }) => ({ role, photo, cutout })),
          seed,
          lang: input.lang ?? 'en',
        });
        if (buffers.length !== VARIANTS_PER_GENERATION) throw new Error(`generator returned ${buffers.length} images`);
        const saved = await Promise.allSettled(buffers.map((buf) => deps.images.store(buf, { ownerId: userId, kind: 'composite' })));
        for (const s of saved) if (s.status === 'fulfilled') stored.push(s.value.id);
        const failed = saved.find((s) => s.status === 'rejected');
        if (failed) throw failed.reason;
        const rows = await compositesRepository(db).insertMany(
          stored.map((imageId, i) => ({ itemId: item.id, imageId, style: input.style, variantNo: i + 1, generationId })),
        );
        if (simpleCut.length) deps.logger.info({ itemId: item.id, simpleCut }, 'generated with the simple cut for photos the model failed on');
        return { variants: rows.map((r) => ({ compositeId: r.id, imageId: r.imageId, variantNo: r.variantNo })), simpleCut, treatment };
      } catch (err) {
        deps.logger.error({ err, itemId: item.id, generator: deps.generator.name }, 'generation failed; refunding');
        await deps.credits.refundGeneration(userId, generationId);
        await deps.images.remove(stored).catch(() => undefined);
        throw new AppError(502, 'generation_failed', 'Failed to generate variants. Please retry.');
      }
    },

    /**
     * Chooses the item's image among its variants: in the wizard, or later ("change image") among the variants still
     * kept, with its alt text when given. A saved item's new image (or alt text) is announced, so that no process goes
     * on showing the old one.
     */
    async choose(userId: string, input: { itemId: string; compositeId: string; altText?: string | null }) {
      const item = await ownItem(userId, input.itemId);
      const composite = await compositesRepository(db).findForItem(input.compositeId, input.itemId);
      if (!composite) throw badRequest('That variant does not belong to this item', { compositeId: 'invalid_value' });
      const saved = item.chosenCompositeId !== null && item.chosenCompositeId !== composite.id;
      await deps.domainEvents.transaction(db, async (tx, publish) => {
        await itemsRepository(tx).setChosen(input.itemId, composite.id, input.altText);
        if (saved || (input.altText !== undefined && item.chosenCompositeId !== null)) await publish('item.changed', { itemId: input.itemId });
      });
      if (item.chosenCompositeId === null) await deps.domainEvents.publish('item.published', { itemId: input.itemId });
      return { itemId: input.itemId, chosenCompositeId: composite.id, imageId: composite.imageId };
    },
  };
}
export type ItemsService = ReturnType<typeof createItemsService>;

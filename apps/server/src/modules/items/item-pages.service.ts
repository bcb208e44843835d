import type { ItemFactsPatch, ItemGetResult } from '@curio/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { VISIBILITY_EVENTS, type DomainEvents } from '../events/domain-events';
import type { ImagesService } from '../images/images.service';
import type { RolesService } from '../roles/roles.service';
import { createItemPageCache, createReadService, type ItemPage } from '../read/read.service';
import { createViewerMarksCache } from '../read/viewer-marks';
import { profileVisible } from '../read/visibility';
import { sharedAnswer } from '../../lib/functions';
import { factColumns, factsOf } from './item-facts';
import { itemPagesRepository } from './item-pages.repository';
import { shelfRecords } from '../shelves/shelves.service';

/**
 * How long an item page is kept for viewers other than its owner: a safety net. A like, save or
 * comment drops the page in every process at once (a hint through the event channel), and a process
 * whose listening connection was lost drops every page when it is back; an edit, a new image, a
 * hidden item and a change of the owner's profile clear the pages everywhere (a recorded event).
 * Counts lag this much at most where a hint could not be sent at all.
 */
export const ITEM_PAGE_CACHE_MS = 60_000;

/** An item still without a chosen image this long after its creation is an abandoned draft. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the variants a collector did not choose are kept after they were made (a saved item's). */
export const VARIANTS_KEPT_MS = 24 * 60 * 60 * 1000;

export function createItemPagesService(
  db: Db,
  deps: {
    roles: RolesService;
    images: ImagesService;
    /** Publishes `item.changed` (an edit, a deletion); drops pages on what changes them (see below). */
    domainEvents: DomainEvents;
    /** How long an item page is kept for other viewers than its owner (ms; 0: not kept). */
    pageCacheMs?: number;
  },
) {
  const repo = itemPagesRepository(db);
  const read = createReadService(db);
  const pages = createItemPageCache({ ttlMs: deps.pageCacheMs ?? ITEM_PAGE_CACHE_MS });
  // Signed-in viewers' marks and roles beside the cached pages (forgotten everywhere when they change).
  const marks = createViewerMarksCache({ ttlMs: deps.pageCacheMs === 0 ? 0 : undefined });
  // A guest's answer for a cached page: the same object (serialized once) for every guest while it lasts.
  const guestAnswers = new WeakMap<object, ItemGetResult>();

  // Visibility changed somewhere (hidden, deleted, a profile gone private, an owner's name; or someone's DM setting,
  // which the marks' Message button follows): every cached page and kept viewer's marks go.
  const invalidate = () => {
    pages.clear();
    marks.clear();
  };
  deps.domainEvents.on(VISIBILITY_EVENTS, invalidate);
  // Likes, saves or comments changed: those items' pages go (here, or told by a hint, elsewhere).
  deps.domainEvents.on('item.touched', ({ itemIds }) => {
    for (const id of Array.isArray(itemIds) ? itemIds : []) if (typeof id === 'string') pages.forget(id);
  });
  // Hints sent while this process was not listening are lost: every page goes instead.
  deps.domainEvents.onMissed(invalidate);
  // A viewer's marks or roles changed (a like, a save, a block, a role), here or elsewhere.
  deps.domainEvents.on('viewer.marks-changed', ({ userId }) => marks.forgetViewer(userId));

  async function ownItem(userId: string, itemId: string) {
    const row = await repo.findWithOwner(itemId);
    if (!row || row.item.userId !== userId) throw notFound('Item not found');
    return row.item;
  }

  /** The item page's answer for this viewer. */
  function shape({ access, item, photos, viewer }: ItemPage, viewerId: string | null): ItemGetResult {
    const owner = {
      userId: item.userId,
      handle: item.owner.handle,
      displayName: item.owner.displayName,
      public: item.owner.public,
      avatarImageId: item.owner.avatarImageId,
    };
    const viewerOut = { signedIn: viewerId !== null, isOwner: viewerId === item.userId, isAdmin: viewer.isAdmin, liked: viewer.liked, saved: viewer.saved };
    if (access === 'removed') {
      return { access, item: { id: item.id, hidden: true as const, hiddenSource: item.hiddenSource ?? 'other' }, owner, viewer: viewerOut };
    }
    if (access === 'private') return { access, item: null, owner: null, viewer: viewerOut };
    return {
      access,
      item: {
        id: item.id,
        title: item.title,
        tags: item.tags,
        nsfw: item.nsfw,
        hidden: item.hidden,
        hiddenSource: item.hidden ? (item.hiddenSource ?? 'other') : null,
        createdAt: item.createdAt.toISOString(),
        chosenCompositeId: item.chosenCompositeId,
        imageId: item.imageId,
        altText: item.altText,
        composites: item.composites.map((c) => ({
          id: c.id,
          imageId: c.imageId,
          style: c.style,
          variantNo: c.variantNo,
          chosen: c.id === item.chosenCompositeId,
        })),
        photos: photos.map((p) => ({ id: p.id, imageId: p.imageId, role: p.role, altText: p.altText })),
        counts: item.counts,
        facts: item.facts,
        // Notes are the owner's own: never in anyone else's answer.
        ...(viewerOut.isOwner ? { notes: item.notes } : {}),
      },
      owner,
      viewer: viewerOut,
    };
  }

  return {
    /**
     * The item page's data. A hidden item (to others than its owner and admins) and an item of a
     * private profile (to others than its owner) answer only what the page needs to say so. A
     * signed-in visitor's answer says whether they may message the owner (`viewer.canMessage`).
     */
    async get(itemId: string, viewerId: string | null): Promise<ItemGetResult> {
      const shared = viewerId === null ? pages.get(itemId) : null;
      const known = shared && guestAnswers.get(shared);
      if (known) return known;
      // A viewer's answer made from the cached page and their kept marks alone (read.page takes both before
      // anything else) holds while both stay the very same.
      const pageBefore = viewerId === null ? null : pages.get(itemId);
      const marksBefore = viewerId === null ? null : marks.get(viewerId, itemId);
      const page = await read.page(itemId, viewerId, pages, marks);
      const answer = shape(page, viewerId);
      if (viewerId !== null && answer.access === 'visible' && !answer.viewer.isOwner) {
        // The Message button: the one DM rule (read with the viewer's marks, no query of its own), and
        // (for a new thread) the owner's profile visible to the viewer.
        const canMessage = profileVisible(page.item.owner, viewerId) && page.viewer.canMessage;
        const viewerAnswer = { ...answer, viewer: { ...answer.viewer, canMessage } };
        if (!pageBefore || !marksBefore || pages.get(itemId) !== pageBefore || marks.get(viewerId, itemId) !== marksBefore) return viewerAnswer;
        // Answered before routing to this viewer's session while the page and their marks stay the same.
        return sharedAnswer(viewerAnswer, () => pages.get(itemId) === pageBefore && marks.get(viewerId, itemId) === marksBefore);
      }
      if (viewerId === null) {
        const cached = pages.get(itemId);
        // Answered before routing for as long as this very page stays cached.
        if (cached)
          guestAnswers.set(
            cached,
            sharedAnswer(answer, () => pages.get(itemId) === cached),
          );
      }
      return answer;
    },

    /**
     * Title, tags and NSFW; the notes and the chosen image's alt text too when given (`null` clears them, leaving
     * them out keeps them); the facts it names (a fact left out stays as it is).
     */
    async update(
      userId: string,
      input: { itemId: string; title: string; tags: string[]; nsfw: boolean; notes?: string | null; altText?: string | null; facts?: ItemFactsPatch },
    ) {
      const current = await ownItem(userId, input.itemId);
      const notes = input.notes === undefined ? current.metadata : input.notes;
      const altText = input.altText === undefined ? current.imageAlt : input.altText;
      const facts = factColumns(input.facts ?? {});
      await deps.domainEvents.transaction(db, async (tx, publish) => {
        await itemPagesRepository(tx).update(input.itemId, {
          title: input.title,
          tags: input.tags,
          nsfw: input.nsfw,
          metadata: notes,
          imageAlt: altText,
          ...facts,
        });
        await publish('item.changed', { itemId: input.itemId });
      });
      return {
        item: { id: input.itemId, title: input.title, tags: input.tags, nsfw: input.nsfw, notes, altText, facts: factsOf({ ...current, ...facts }) },
      };
    },

    /**
     * The clean-up job: items with no chosen image 24 hours after they were created are deleted as
     * their owner would delete them (photos, cut-outs, composites and their stored images).
     */
    async removeAbandonedDrafts(this: { delete(userId: string, itemId: string): Promise<unknown> }, now = new Date()) {
      const before = new Date(now.getTime() - DRAFT_TTL_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.abandonedDrafts(before, 100);
        for (const d of batch) {
          await this.delete(d.userId, d.id);
          removed++;
        }
        if (batch.length < 100) return removed;
      }
    },

    /**
     * The variants clean-up job: of a saved item, the variants not chosen are kept for VARIANTS_KEPT_MS after they were
     * made, then deleted with their stored images (nothing else uses them; the chosen image is never touched).
     */
    async removeUnchosenVariants(now = new Date()) {
      const before = new Date(now.getTime() - VARIANTS_KEPT_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.staleVariants(before, 200);
        await repo.deleteVariants(batch.map((v) => v.id));
        await deps.images.remove(await repo.unreferenced(batch.map((v) => v.imageId)));
        removed += batch.length;
        if (batch.length < 200) return removed;
      }
    },

    /** Deletes the item with everything that hangs on it, and the stored images nothing else uses. */
    async delete(userId: string, itemId: string) {
      await ownItem(userId, itemId);
      const imageIds = await repo.imageIds(itemId);
      await deps.domainEvents.transaction(db, async (tx, publish) => {
        await shelfRecords(tx).removeItem(itemId);
        await itemPagesRepository(tx).delete(itemId);
        await publish('item.changed', { itemId });
      });
      await deps.images.remove(await repo.unreferenced(imageIds));
      return { deleted: true as const };
    },
  };
}
export type ItemPagesService = ReturnType<typeof createItemPagesService>;

import { EMPTY_FACTS, WANTED_LIMITS, type ItemFacts, type WantedEntry, type WantedListResult } from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { ImagesService } from '../images/images.service';
import { wantedRepository, type WantedRow } from './wanted.repository';

const shape = (r: WantedRow): WantedEntry => ({
  id: r.id,
  title: r.title,
  facts: { ...EMPTY_FACTS, ...r.facts },
  note: r.note,
  public: r.public,
  imageId: r.imageId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const PRIVATE: WantedListResult = { access: 'private', owner: null, isOwner: false, entries: [] };

/**
 * The wanted list: the pieces a collector is looking for. The owner reads and writes every entry; others read
 * the public entries of a profile they may see, never across a block either way (a private or hidden profile,
 * and a block, answer `private` with nothing). Nothing is announced: no notification is sent about an entry.
 */
export function createWantedService(db: Db, deps: { images: ImagesService }) {
  const repo = wantedRepository(db);

  /** A reference photo must be an image the caller uploaded as a photo. */
  async function checkImage(userId: string, imageId: string) {
    const image = await repo.image(imageId);
    if (!image || image.ownerId !== userId || image.kind !== 'photo') throw badRequest('That image is not one of your photos', { imageId: 'invalid_value' });
  }

  /** Removes a reference photo that nothing shows any more (an upload made for the entry). */
  async function dropImage(imageId: string | null) {
    if (imageId && !(await repo.imageInUse(imageId))) await deps.images.remove([imageId]);
  }

  async function own(userId: string, id: string) {
    const row = await repo.findOwn(userId, id);
    if (!row) throw notFound('Entry not found');
    return row;
  }

  return {
    /** `wanted-list`: a person's list by handle as this viewer may see it, or the caller's own (no handle). */
    async list(input: { handle?: string }, viewerId: string | null): Promise<WantedListResult> {
      if (input.handle === undefined) {
        if (!viewerId) throw unauthorized();
        const profile = await repo.ownProfile(viewerId);
        if (!profile) throw notFound('Profile not found');
        return { access: 'visible', owner: profile, isOwner: true, entries: (await repo.list(viewerId, false)).map(shape) };
      }
      const profile = await repo.profileFor(input.handle, viewerId);
      if (!profile) throw notFound('Profile not found');
      if (!profile.visible) return PRIVATE;
      const isOwner = profile.userId === viewerId;
      return {
        access: 'visible',
        owner: { handle: profile.handle, displayName: profile.displayName },
        isOwner,
        entries: (await repo.list(profile.userId, !isOwner)).map(shape),
      };
    },

    /** `wanted-create`: at most WANTED_LIMITS.entries per person (409 `wanted_limit`). */
    async create(userId: string, input: { title: string; facts: ItemFacts; note?: string | null; public: boolean; imageId?: string | null }) {
      if (input.imageId) await checkImage(userId, input.imageId);
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `wanted:${userId}`);
        const r = wantedRepository(tx);
        if ((await r.count(userId)) >= WANTED_LIMITS.entries) throw conflict('wanted_limit', `A wanted list holds at most ${WANTED_LIMITS.entries} entries`);
        return r.insert({ userId, title: input.title, facts: input.facts, note: input.note ?? null, public: input.public, imageId: input.imageId ?? null });
      });
      return { entry: shape(row) };
    },

    /** `wanted-update`: what is given changes (owner only; someone else's entry is not found). */
    async update(userId: string, input: { id: string; title?: string; facts?: ItemFacts; note?: string | null; public?: boolean; imageId?: string | null }) {
      const current = await own(userId, input.id);
      if (input.imageId) await checkImage(userId, input.imageId);
      const set = {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.facts !== undefined ? { facts: input.facts } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.public !== undefined ? { public: input.public } : {}),
        ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
      };
      const row = Object.keys(set).length ? await repo.update(current.id, set) : current;
      if (input.imageId !== undefined && current.imageId !== row.imageId) await dropImage(current.imageId);
      return { entry: shape(row) };
    },

    /** `wanted-delete`: the owner's entry, with its reference photo when nothing else shows it. */
    async delete(userId: string, id: string) {
      const current = await own(userId, id);
      await repo.delete(current.id);
      await dropImage(current.imageId);
      return { deleted: true as const };
    },

    /** Every entry of a person, for their data export. */
    async exportFor(userId: string): Promise<WantedEntry[]> {
      return (await repo.list(userId, false)).map(shape);
    },
  };
}
export type WantedService = ReturnType<typeof createWantedService>;

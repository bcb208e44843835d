import type { ExploreCard, ItemFacts } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { notFound } from '../../lib/errors';
import { createKept } from '../../lib/kept';
import { readRepository, type CompositeRef, type HydratedItem, type HydratedPerson, type ItemPageRow, type PersonViewerState } from './read.repository';
import type { ViewerMarksCache } from './viewer-marks';
import {
  itemAccess,
  listable,
  needsRoles,
  NO_BLOCKS,
  personAccess,
  type BlockRules,
  type ItemAccess,
  type ListRules,
  type PersonAccess,
  type ViewerRules,
} from './visibility';

/** What one viewer has done to an item. Following, blocked and muted (of its owner) join here. */
export interface ItemViewerState {
  liked: boolean;
  saved: boolean;
}

/** The viewer's overlay for a set of items: per-item state, and who the viewer is. */
export interface ViewerState {
  of(itemId: string): ItemViewerState;
  /** The item's counts as they are now (read only when asked for with `counts`; null otherwise or for an unknown item). */
  countsOf(itemId: string): { likes: number; comments: number; saves: number } | null;
  /** The viewer muted the item's owner or one of its tags (read only when asked for with `muted`). */
  muted(itemId: string): boolean;
  isAdmin: boolean;
}

const NOBODY: ViewerState = { of: () => ({ liked: false, saved: false }), countsOf: () => null, muted: () => false, isAdmin: false };
const GUEST_STATE: ItemPageRow['viewerState'] = { liked: false, saved: false, roles: [], blocks: false, hiddenComments: 0, canMessage: false, dmOpen: true };

/** One viewer's relation to each person asked about (see `peopleViewerState`). */
export interface PeopleViewerState {
  of(userId: string): PersonViewerState;
}
/** A guest's relation to anyone, and anyone's to themselves: nothing. */
const NO_RELATION: PersonViewerState = { following: false, followsYou: false, blocking: false, blockedBy: false, canMessage: false };
const NO_PEOPLE_STATE: PeopleViewerState = { of: () => NO_RELATION };

/** A person as the people pipeline answers them: hydrated, the viewer's access, and the viewer's relation to them. */
export interface PersonView {
  person: HydratedPerson;
  access: PersonAccess;
  /** All false for a guest, for the viewer themselves, and for a person the viewer may not see. */
  state: PersonViewerState;
}

/** An item's page as everyone sees it (no viewer's marks): what {@link createItemPageCache} keeps. */
export type SharedItemPage = Omit<ItemPageRow, 'viewerState'>;

/**
 * An item as a card (explore, the home feed, search, tag pages): the one shape every list answers, from a hydrated
 * item with a chosen image (lists read with `requireImage`).
 */
export function itemCard(item: HydratedItem): ExploreCard {
  return {
    itemId: item.id,
    title: item.title,
    imageUrl: `/img/${item.imageId}/thumb`,
    altText: item.altText,
    nsfw: item.nsfw,
    likeCount: item.counts.likes,
    commentCount: item.counts.comments,
    saveCount: item.counts.saves,
    user: { handle: item.owner.handle, avatarImageId: item.owner.avatarImageId },
  };
}

/**
 * Item pages kept in this process for a few seconds, so that a busy item is read once per window
 * instead of once per visitor. Whatever changes who may see an item (hidden, deleted, a profile
 * going private) clears it in every process through the event channel; edits, likes, saves and
 * comments drop the item at once in the process that made them and, through an unrecorded hint on
 * the same channel, in the others; what no hint announced (a new variant) or a missed hint shows
 * within `ttlMs`. The owner's own page is never served from it.
 */
export function createItemPageCache(opts: { ttlMs: number; max?: number; now?: () => number }) {
  const kept = createKept<SharedItemPage>({ max: opts.max ?? 5000, ttlMs: opts.ttlMs, now: opts.now });
  return {
    /** Pass to {@link set}: taken before the read whose result is to be kept. */
    generation: kept.generation,
    get: (itemId: string): SharedItemPage | null => kept.get(itemId),
    set: (itemId: string, page: SharedItemPage, readAt: number) => kept.set(itemId, page, readAt),
    /** Drops one item (changed through this process). */
    forget: (itemId: string) => kept.forget(itemId),
    /** Drops everything (a change of visibility anywhere). */
    clear: () => kept.clear(),
  };
}
export type ItemPageCache = ReturnType<typeof createItemPageCache>;

export interface ItemPage {
  access: ItemAccess;
  /** `notes` are the owner's: shape them only into the owner's answer. */
  item: HydratedItem & { composites: CompositeRef[]; notes: string | null; facts: ItemFacts };
  photos: { id: string; imageId: string; role: string; altText: string | null }[];
  /** `canMessage`: the DM rule lets the viewer message the item's owner (false for a guest, or an item they may not see). */
  viewer: ViewerRules & ItemViewerState & { canMessage: boolean };
}

/**
 * The one read path for items: ids → hydrate (item, owner, counts, chosen image; one query) →
 * the viewer's state (liked, saved, roles; one query) → visibility (visibility.ts) → the caller
 * shapes. Each step costs one query per page, never one per row.
 */
export function createReadService(db: Db) {
  const repo = readRepository(db);

  /** The items in the order of `ids`; unknown ids are dropped. */
  async function hydrate(ids: string[]): Promise<HydratedItem[]> {
    const rows = await repo.hydrate(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is HydratedItem => Boolean(r));
  }

  /**
   * The viewer's overlay for these items: their marks (and their roles with `roles`, only when the rules need them);
   * with `counts`, the items' counts now, in the same statement, for cards served from a shared cache whose counts may
   * lag behind the viewer's own marks.
   */
  async function viewerState(
    viewerId: string | null,
    itemIds: string[],
    opts: { roles?: boolean; counts?: boolean; muted?: boolean } = {},
  ): Promise<ViewerState> {
    if (!viewerId) return NOBODY;
    const rows = await repo.viewerState(viewerId, itemIds, { roles: opts.roles ?? false, counts: opts.counts ?? false, muted: opts.muted ?? false });
    const liked = new Set(rows.liked);
    const saved = new Set(rows.saved);
    const muted = new Set(rows.muted);
    const counts = new Map(rows.counts.map(([id, likes, comments, saves]) => [id, { likes: Number(likes), comments: Number(comments), saves: Number(saves) }]));
    return {
      of: (id) => ({ liked: liked.has(id), saved: saved.has(id) }),
      countsOf: (id) => counts.get(id) ?? null,
      muted: (id) => muted.has(id),
      isAdmin: rows.roles.includes('admin'),
    };
  }

  /**
   * Items for a list shown to this viewer, in the order of `ids`, each with the viewer's state:
   * two queries (one without a viewer).
   */
  async function list(ids: string[], viewerId: string | null, rules: ListRules) {
    const hydrated = await hydrate(ids);
    const needRoles = hydrated.some((h) => needsRoles(h, viewerId));
    const state = await viewerState(
      viewerId,
      hydrated.map((h) => h.id),
      { roles: needRoles },
    );
    const viewer: ViewerRules = { id: viewerId, isAdmin: state.isAdmin };
    return hydrated.filter((h) => listable(h, viewer, rules)).map((item) => ({ item, state: state.of(item.id) }));
  }

  /** The viewer's blocks (either way), for `hiddenByBlock` of visibility.ts; none for guests. */
  async function blocks(viewerId: string | null): Promise<BlockRules> {
    if (!viewerId) return NO_BLOCKS;
    return { blocked: new Set(await repo.blockedWith(viewerId)) };
  }
  /** People with their profile and follow counts, in the order of `ids`; unknown ids are dropped. One query. */
  async function hydratePeople(ids: string[]): Promise<HydratedPerson[]> {
    const rows = await repo.hydratePeople({ userIds: ids });
    const byId = new Map(rows.map((r) => [r.userId, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is HydratedPerson => Boolean(r));
  }

  /**
   * The viewer's relation to these people (follows and blocks each way, and whether the DM rule lets
   * them message each): one query; none for a guest, nor when the viewer asks only about themselves.
   */
  async function peopleViewerState(viewerId: string | null, ids: string[]): Promise<PeopleViewerState> {
    const others = viewerId ? ids.filter((id) => id !== viewerId) : [];
    if (!viewerId || !others.length) return NO_PEOPLE_STATE;
    const byId = new Map((await repo.peopleViewerState(viewerId, others)).map(({ userId, ...state }) => [userId, state]));
    return { of: (id) => byId.get(id) ?? NO_RELATION };
  }

  /** The access and relation of each hydrated person: the viewer's state is read only for those they may see. */
  async function viewPeople(hydrated: HydratedPerson[], viewerId: string | null): Promise<PersonView[]> {
    const access = new Map(hydrated.map((p) => [p.userId, personAccess(p, viewerId)]));
    const state = await peopleViewerState(
      viewerId,
      hydrated.filter((p) => access.get(p.userId) === 'visible').map((p) => p.userId),
    );
    return hydrated.map((person) => {
      const seen = access.get(person.userId)!;
      return { person, access: seen, state: seen === 'visible' ? state.of(person.userId) : NO_RELATION };
    });
  }

  return {
    hydrate,
    viewerState,
    list,
    blocks,
    hydratePeople,
    peopleViewerState,

    /**
     * The one read path for people, as `list` is for items: ids → hydrate (one query) → the viewer's
     * relation (one query; none for a guest) → `personAccess`, in the order of `ids` (unknown ids
     * dropped). Every known person is answered with their access: a list shows only the `visible`.
     */
    async people(ids: string[], viewerId: string | null): Promise<PersonView[]> {
      return viewPeople(await hydratePeople(ids), viewerId);
    },

    /**
     * One person's page, by handle or user id: the person with the viewer's access and relation, or
     * null when there is no such profile. One query for the person; one more for the relation when
     * someone else signed in may see them (none for a guest or the person themselves).
     */
    async person(ref: { handle: string } | { userId: string }, viewerId: string | null): Promise<PersonView | null> {
      const [person] = await repo.hydratePeople('handle' in ref ? { handle: ref.handle } : { userIds: [ref.userId] });
      if (!person) return null;
      const [view] = await viewPeople([person], viewerId);
      return view!;
    },

    /**
     * The item if this viewer may see it, else "not found" (hidden and private look the same to
     * writes). One query; the roles only for someone else's hidden item.
     */
    async visibleItem(itemId: string, viewerId: string | null): Promise<HydratedItem> {
      const [item] = await repo.hydrate([itemId]);
      if (!item) throw notFound('Item not found');
      const isAdmin = needsRoles(item, viewerId) ? await repo.hasRole(viewerId!, 'admin') : false;
      if (itemAccess(item, { id: viewerId, isAdmin }) !== 'visible') throw notFound('Item not found');
      return item;
    },

    /** The access of this viewer to the item, or null when there is no such item. */
    async access(itemId: string, viewerId: string | null): Promise<ItemAccess | null> {
      const [item] = await repo.hydrate([itemId]);
      if (!item) return null;
      const isAdmin = needsRoles(item, viewerId) ? await repo.hasRole(viewerId!, 'admin') : false;
      return itemAccess(item, { id: viewerId, isAdmin });
    },

    /**
     * An item's page in one query: the item with its composites and photos, and the signed-in
     * viewer's state with roles. Photos and the viewer's marks only when the viewer may see the item.
     */
    async page(itemId: string, viewerId: string | null, cache?: ItemPageCache, marks?: ViewerMarksCache): Promise<ItemPage> {
      const cached = cache?.get(itemId);
      let row: ItemPageRow | null;
      if (cached && cached.userId !== viewerId) {
        // The item as everyone sees it from the cache; only this viewer's marks and roles are read,
        // unless this process has them already.
        // Marks are kept only for viewers without any block (so their blocks hide nothing of the item)
        // and owners whose DM setting admits everyone (so the Message button follows only blocks and
        // that setting); a block forgets both people's marks everywhere before it answers, a change of
        // the setting every kept mark.
        const kept = viewerId ? (marks?.get(viewerId, itemId) ?? null) : null;
        let state: ItemPageRow['viewerState'] | null = viewerId ? kept && { ...kept, blocks: false, hiddenComments: 0, dmOpen: true } : GUEST_STATE;
        if (!state) {
          const readAt = marks?.generation() ?? 0;
          state = await repo.viewerItemState(viewerId!, itemId);
          if (!state.blocks && state.dmOpen)
            marks?.set(viewerId!, itemId, { liked: state.liked, saved: state.saved, roles: state.roles, canMessage: state.canMessage }, readAt);
        }
        row = { ...cached, viewerState: state };
      } else {
        // A miss, or the owner (who sees their own edits at once): the whole page in one query.
        const readAt = cache?.generation() ?? 0;
        row = await repo.itemPage(itemId, viewerId);
        if (row && cache) {
          const { viewerState: _state, ...shared } = row;
          cache.set(itemId, shared, readAt);
        }
      }
      if (!row) throw notFound('Item not found');
      const { photos, viewerState: state, ...shared } = row;
      // The count of comments leaves out those the viewer's blocks hide from their list.
      const item = state.hiddenComments
        ? { ...shared, counts: { ...shared.counts, comments: Math.max(0, shared.counts.comments - state.hiddenComments) } }
        : shared;
      const viewer: ViewerRules = { id: viewerId, isAdmin: state.roles.includes('admin') };
      const access = itemAccess(item, viewer);
      const visible = access === 'visible';
      return {
        access,
        item,
        photos: visible ? photos : [],
        viewer: { ...viewer, liked: visible && state.liked, saved: visible && state.saved, canMessage: visible && state.canMessage },
      };
    },

    /** The viewer's saves that they may still see, newest save first. */
    async saves(viewerId: string) {
      const saved = await repo.savedIds(viewerId);
      const rows = await list(
        saved.map((s) => s.itemId),
        viewerId,
        { excludeNsfw: false, requireImage: false },
      );
      const savedAt = new Map(saved.map((s) => [s.itemId, s.savedAt]));
      return rows.map((r) => ({ ...r, savedAt: savedAt.get(r.item.id)! }));
    },
  };
}
export type ReadService = ReturnType<typeof createReadService>;

/** Items hydrated as the read pipeline hydrates them, for other modules, on `db`: the database or the caller's transaction. */
export function itemReads(db: Executor) {
  return { hydrate: (ids: string[]) => readRepository(db).hydrate(ids) };
}

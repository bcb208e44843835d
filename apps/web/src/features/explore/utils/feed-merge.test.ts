import type { FeedCard, FeedListResult } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { mergeNewest } from './feed-merge';

const card = (id: string): FeedCard => ({
  itemId: id,
  title: id,
  imageUrl: `/img/${id}/thumb`,
  altText: null,
  nsfw: false,
  likeCount: 0,
  commentCount: 0,
  saveCount: 0,
  user: { handle: 'ana', avatarImageId: null },
  createdAt: '2026-01-01T00:00:00.000Z',
});
const page = (ids: string[], nextCursor: string | null = null): FeedListResult => ({ items: ids.map(card), nextCursor });
const ids = (data: { pages: FeedListResult[] }) => data.pages.map((p) => p.items.map((c) => c.itemId));

describe('mergeNewest (the new-items pill)', () => {
  it('puts the items newer than the first one shown on top and keeps every loaded page', () => {
    const data = { pages: [page(['c', 'd'], 'x'), page(['e', 'f'], 'y')], pageParams: [undefined, 'x'] };
    const merged = mergeNewest(data, page(['a', 'b', 'c', 'd'], 'z'));
    expect(ids(merged)).toEqual([
      ['a', 'b', 'c', 'd'],
      ['e', 'f'],
    ]);
    expect(merged.pageParams).toEqual([undefined, 'x']);
  });

  it('starts again from the newest page when more arrived than one page holds', () => {
    const data = { pages: [page(['x', 'y'], 'p')], pageParams: [undefined] };
    expect(ids(mergeNewest(data, page(['a', 'b'], 'q')))).toEqual([['a', 'b']]);
  });

  it('adds what is new to a short feed whose first item is gone (deleted or muted) without repeating any', () => {
    const data = { pages: [page(['gone', 'c'])], pageParams: [undefined] };
    expect(ids(mergeNewest(data, page(['a', 'c'])))).toEqual([['a', 'gone', 'c']]);
  });

  it('shows the newest page when nothing was loaded yet', () => {
    expect(ids(mergeNewest(undefined, page(['a'])))).toEqual([['a']]);
  });
});

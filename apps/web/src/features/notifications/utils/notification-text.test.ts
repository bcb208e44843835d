import type { NotificationListEntry } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { dayGroup, groupByDay, notificationHref, notificationText } from './notification-text';

const ana = { user_id: 'u1', handle: 'ana', display_name: 'Ana', avatar_image_id: null };
const entry = (over: Partial<NotificationListEntry>): NotificationListEntry => ({
  id: 'n1',
  ids: ['n1'],
  kind: 'like',
  ref_id: 'item-1',
  seen: false,
  created_at: '2026-11-20T10:00:00Z',
  actorProfile: ana,
  actors: [ana],
  actorCount: 1,
  itemTitle: 'Red Robot',
  ...over,
});

describe('notificationText', () => {
  it('groups likes: one actor, one other, several others (English, pluralised)', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(notificationText(entry({}), t)).toBe('Ana liked Red Robot');
    expect(notificationText(entry({ actorCount: 2 }), t)).toBe('Ana and 1 other liked Red Robot');
    expect(notificationText(entry({ actorCount: 4 }), t)).toBe('Ana and 3 others liked Red Robot');
  });

  it('says the same in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const t = i18n.t.bind(i18n);
    expect(notificationText(entry({ actorCount: 4 }), t)).toBe('Ana 和另外 3 人赞了《Red Robot》');
    expect(notificationText(entry({ kind: 'follow', ref_id: null, itemTitle: null }), t)).toBe('Ana 关注了你');
    await i18n.changeLanguage('en');
  });

  it('names follows, comments and mentions, and "Someone" for a private actor', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(notificationText(entry({ kind: 'follow', itemTitle: null }), t)).toBe('Ana started following you');
    expect(notificationText(entry({ kind: 'comment' }), t)).toBe('Ana commented on Red Robot');
    expect(notificationText(entry({ kind: 'mention' }), t)).toBe('Ana mentioned you on Red Robot');
    expect(notificationText(entry({ actorProfile: null }), t)).toBe('Someone liked Red Robot');
  });

  it("tells an owner of their item's takedown, in both languages, and leads to the item's page", async () => {
    await i18n.changeLanguage('en');
    const hidden = entry({ kind: 'item_hidden', actorProfile: null, actors: [], actorCount: 0 });
    expect(notificationText(hidden, i18n.t.bind(i18n))).toBe('A moderator took down your item Red Robot. Open it to see why and what you can do.');
    await i18n.changeLanguage('zh-CN');
    expect(notificationText(hidden, i18n.t.bind(i18n))).toBe('版主已下架你的藏品《Red Robot》。打开查看原因以及你可以采取的措施。');
    await i18n.changeLanguage('en');
    expect(notificationHref(hidden)).toBe('/i/item-1');
  });
});

describe('notificationHref', () => {
  it('leads a follow to the follower and the rest to the item', () => {
    expect(notificationHref(entry({ kind: 'follow', ref_id: 'u1' }))).toBe('/u/ana');
    expect(notificationHref(entry({ kind: 'follow', actorProfile: null }))).toBeNull();
    expect(notificationHref(entry({ kind: 'comment', ref_id: 'abc' }))).toBe('/i/abc');
  });
});

describe('groupByDay', () => {
  it('cuts newest-first entries into today, this week and earlier', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    const at = (d: number, h = 12) => new Date(2026, 10, d, h).toISOString();
    expect(dayGroup(at(22, 1), now)).toBe('today');
    expect(dayGroup(at(16), now)).toBe('week');
    expect(dayGroup(at(15), now)).toBe('earlier');
    const groups = groupByDay([{ created_at: at(22) }, { created_at: at(21) }, { created_at: at(20) }, { created_at: at(1) }], now);
    expect(groups.map((g) => [g.group, g.entries.length])).toEqual([
      ['today', 1],
      ['week', 2],
      ['earlier', 1],
    ]);
  });
});

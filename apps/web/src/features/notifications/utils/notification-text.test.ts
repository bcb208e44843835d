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

  it('groups comments of one item and follows, naming the newest', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(notificationText(entry({ kind: 'comment', actorCount: 23 }), t)).toBe('Ana and 22 others commented on Red Robot');
    expect(notificationText(entry({ kind: 'comment', actorCount: 1 }), t)).toBe('Ana commented on Red Robot');
    expect(notificationText(entry({ kind: 'follow', ref_id: null, itemTitle: null, actorCount: 2 }), t)).toBe('Ana and 1 other started following you');
    await i18n.changeLanguage('zh-CN');
    expect(notificationText(entry({ kind: 'comment', actorCount: 3 }), i18n.t.bind(i18n))).toBe('Ana 和另外 2 人评论了《Red Robot》');
    expect(notificationText(entry({ kind: 'follow', ref_id: null, itemTitle: null, actorCount: 3 }), i18n.t.bind(i18n))).toBe('Ana 和另外 2 人关注了你');
    await i18n.changeLanguage('en');
  });

  it('tells an owner their item is back, and a reporter that what they reported was restored', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(notificationText(entry({ kind: 'item_restored', actorProfile: null }), t)).toBe(
      'A moderator restored your item Red Robot: everyone can see it again.',
    );
    const report = { outcome: 'hidden' as const, targetType: 'item' as const, targetLabel: 'Red Robot' };
    expect(notificationText(entry({ kind: 'report_reversed', actorProfile: null, itemTitle: null, report }), t)).toBe(
      'A moderator took another look at “Red Robot”, which you reported, and restored it.',
    );
    expect(notificationHref(entry({ kind: 'report_reversed', report }))).toBeNull();
    expect(notificationHref(entry({ kind: 'item_restored' }))).toMatch(/^\/i\//);
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

describe('notificationText for report_outcome', () => {
  // What the report was about, as the sentence names it: an item by its title, a profile by its
  // @handle, a comment and a conversation by their kind only (never their text or the other person).
  const ABOUT: [NonNullable<NotificationListEntry['report']>['targetType'], string | null, string, string][] = [
    ['item', 'Red Robot', '“Red Robot”', '《Red Robot》'],
    ['item', null, 'an item', '一件藏品'],
    ['comment', 'Buy followers at spam.example', 'a comment', '一条评论'],
    ['comment', null, 'a comment', '一条评论'],
    ['profile', '@bob', '@bob', '@bob'],
    ['profile', null, 'a profile', '一个个人主页'],
    ['thread', '@bob', 'a conversation', '一段私信对话'],
    ['thread', null, 'a conversation', '一段私信对话'],
  ];
  const SENTENCE = {
    en: {
      hidden: (about: string) => `A moderator reviewed your report of ${about} and removed it. Thanks for helping keep the community safe.`,
      dismissed: (about: string) => `A moderator reviewed your report of ${about} and found no rule broken, so it stays up. Thanks for reporting.`,
    },
    'zh-CN': {
      hidden: (about: string) => `版主已审核你对${about}的举报，并已将其移除。感谢你帮助维护社区安全。`,
      dismissed: (about: string) => `版主已审核你对${about}的举报，认为没有违反规则，内容将保留。感谢你的举报。`,
    },
  } as const;
  const outcome = (report: NotificationListEntry['report']) =>
    entry({ kind: 'report_outcome', ref_id: 'report-1', actorProfile: null, actors: [], actorCount: 0, itemTitle: null, report });
  const cases = (['en', 'zh-CN'] as const).flatMap((lang) =>
    (['hidden', 'dismissed'] as const).flatMap((result) =>
      ABOUT.map(([targetType, targetLabel, en, zh]) => [lang, result, targetType, targetLabel, SENTENCE[lang][result](lang === 'en' ? en : zh)] as const),
    ),
  );

  it.each(cases)('%s: %s, %s labelled %j', async (lang, result, targetType, targetLabel, expected) => {
    await i18n.changeLanguage(lang);
    expect(notificationText(outcome({ outcome: result, targetType, targetLabel }), i18n.t.bind(i18n))).toBe(expected);
    await i18n.changeLanguage('en');
  });

  it('never names the moderator, and leads nowhere (the content may be gone)', async () => {
    await i18n.changeLanguage('en');
    // Even if an actor came along, the sentence is about the report only.
    const withActor = entry({
      kind: 'report_outcome',
      ref_id: 'report-1',
      itemTitle: null,
      report: { outcome: 'hidden', targetType: 'item', targetLabel: 'Red Robot' },
    });
    expect(notificationText(withActor, i18n.t.bind(i18n))).not.toContain('Ana');
    expect(notificationHref(outcome({ outcome: 'hidden', targetType: 'item', targetLabel: 'Red Robot' }))).toBeNull();
    expect(notificationHref(outcome({ outcome: 'dismissed', targetType: 'profile', targetLabel: '@bob' }))).toBeNull();
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

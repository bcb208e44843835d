import type { NotificationListEntry } from '@curio/contract';
import type { TFunction } from 'i18next';
import { paths } from '@/config/paths';

/** The actor's name as the sentence shows it: display name, else @handle, else "Someone" (a private actor). */
export function actorName(entry: Pick<NotificationListEntry, 'actorProfile'>, t: TFunction): string {
  const actor = entry.actorProfile;
  if (!actor) return t('notifications.someone');
  return actor.display_name || `@${actor.handle}`;
}

/** What a report was about, as a sentence names it: the item's title, the profile's name, or its kind. */
function reportAbout(entry: Pick<NotificationListEntry, 'report'>, t: TFunction): string {
  const report = entry.report;
  if (report?.targetType === 'item' && report.targetLabel) return t('notifications.reportAbout.itemTitled', { title: report.targetLabel });
  if (report?.targetType === 'profile' && report.targetLabel) return report.targetLabel;
  return t(`notifications.reportAbout.${report?.targetType ?? 'item'}`);
}

/**
 * The one sentence of an entry. Groups read "Ana and 3 others liked Red Robot", "… commented on …", "Ana and 3 others
 * followed you" (pluralised: "and 1 other"); the rest name their one actor.
 */
export function notificationText(entry: Pick<NotificationListEntry, 'kind' | 'actorProfile' | 'actorCount' | 'itemTitle' | 'report'>, t: TFunction): string {
  const name = actorName(entry, t);
  const title = entry.itemTitle ?? t('notifications.anItem');
  // A group's other people (likes and comments of one item, follows).
  const others = Math.max(0, entry.actorCount - 1);
  switch (entry.kind) {
    case 'follow':
      return others > 0 ? t('notifications.text.followGroup', { name, count: others }) : t('notifications.text.follow', { name });
    case 'like':
      return others > 0 ? t('notifications.text.likeGroup', { name, count: others, title }) : t('notifications.text.like', { name, title });
    case 'comment':
      return others > 0 ? t('notifications.text.commentGroup', { name, count: others, title }) : t('notifications.text.comment', { name, title });
    case 'mention':
      return t('notifications.text.mention', { name, title });
    case 'report_outcome': {
      const about = reportAbout(entry, t);
      return entry.report?.outcome === 'hidden' ? t('notifications.text.reportHidden', { about }) : t('notifications.text.reportDismissed', { about });
    }
    case 'item_hidden':
      return t('notifications.text.itemHidden', { title });
    case 'item_restored':
      return t('notifications.text.itemRestored', { title });
    case 'report_reversed':
      return t('notifications.text.reportReversed', { about: reportAbout(entry, t) });
  }
}

/** Where an entry leads: a follow to the follower's profile, everything else to its item. */
export function notificationHref(entry: Pick<NotificationListEntry, 'kind' | 'ref_id' | 'actorProfile'>): string | null {
  if (entry.kind === 'follow') return entry.actorProfile ? paths.profile.getHref(entry.actorProfile.handle) : null;
  // A report's outcome is the whole message: nothing to open (the content may be gone).
  if (entry.kind === 'report_outcome' || entry.kind === 'report_reversed') return null;
  return entry.ref_id ? paths.item.getHref(entry.ref_id) : null;
}

export type DayGroup = 'today' | 'week' | 'earlier';

/** "Today", "This week" (the 6 days before), "Earlier", in the viewer's local time. */
export function dayGroup(createdAt: string, now: Date = new Date()): DayGroup {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const at = new Date(createdAt).getTime();
  if (at >= startOfToday) return 'today';
  if (at >= startOfToday - 6 * 86_400_000) return 'week';
  return 'earlier';
}

/** Entries (newest first) cut into consecutive day groups, keeping their order. */
export function groupByDay<T extends { created_at: string }>(entries: readonly T[], now: Date = new Date()): { group: DayGroup; entries: T[] }[] {
  const out: { group: DayGroup; entries: T[] }[] = [];
  for (const entry of entries) {
    const group = dayGroup(entry.created_at, now);
    const last = out[out.length - 1];
    if (last && last.group === group) last.entries.push(entry);
    else out.push({ group, entries: [entry] });
  }
  return out;
}

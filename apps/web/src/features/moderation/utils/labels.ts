import type { TFunction } from 'i18next';

const REASONS = new Set(['spam', 'harassment', 'nudity', 'violence', 'copyright', 'other']);

/** A report's reason as people read it; a comment or thread reported without one says so. */
export function reasonText(reason: string, t: TFunction): string {
  if (REASONS.has(reason)) return t(`report.reasons.${reason}`);
  return reason ? reason : t('moderation.noReason');
}

/** What a report or action is about: its label (quoted title, comment start, @handle), or that it is gone. */
export function targetText(type: string, label: string | null, t: TFunction): string {
  if (label === null) return t('moderation.targetGone');
  if (type === 'item' || type === 'comment') return t('moderation.quoted', { text: label });
  return label;
}

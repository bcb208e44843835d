import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.UTC(2025, 5, 15, 12);
const ago = (seconds: number) => new Date(NOW - seconds * 1000);

describe('formatRelativeTime', () => {
  it('speaks English', () => {
    expect(formatRelativeTime(ago(10), 'en', NOW)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60), 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3600), 'en', NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(86_400), 'en', NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400), 'en', NOW)).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 86_400), 'en', NOW)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(400 * 86_400), 'en', NOW)).toBe('last year');
  });

  it('speaks Chinese', () => {
    expect(formatRelativeTime(ago(5 * 60), 'zh-CN', NOW)).toBe('5分钟前');
    expect(formatRelativeTime(ago(86_400), 'zh-CN', NOW)).toBe('昨天');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime(ago(7200).toISOString(), 'en', NOW)).toBe('2 hours ago');
  });
});

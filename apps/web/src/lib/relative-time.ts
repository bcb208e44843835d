const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 minutes ago" / "3分钟前" in the current language (Intl.RelativeTimeFormat), "now" under a minute. */
export function formatRelativeTime(date: Date | string, locale: string, now: number = Date.now()): string {
  const then = typeof date === 'string' ? new Date(date).getTime() : date.getTime();
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (abs >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

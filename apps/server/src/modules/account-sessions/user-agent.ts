import { UAParser } from 'ua-parser-js';
import { CLIs } from 'ua-parser-js/extensions';

/** A browser and system read from a user agent, for "Chrome on Linux"; null where it names neither. */
export interface ParsedUserAgent {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

// ua-parser-js tells apart more than the page needs: the variants of one browser or system get one name here
// ("Mobile Safari" is Safari, "Chrome Headless" Chrome, Ubuntu Linux), the names the sessions list has always shown.
const BROWSER_FAMILIES: Array<[RegExp, string]> = [
  [/^Edge\b/, 'Edge'],
  [/^Opera\b|^OperaMobile$/, 'Opera'],
  [/^Firefox\b/, 'Firefox'],
  [/^Chrom(?:e|ium)\b/, 'Chrome'],
];
const SYSTEM_NAMES: Record<string, string> = { 'Chrome OS': 'ChromeOS', 'Chromium OS': 'ChromeOS' };
const NAMED_SYSTEMS = new Set(['iOS', 'Android', 'ChromeOS', 'Windows', 'macOS']);

export function parseUserAgent(ua: string | null | undefined): ParsedUserAgent {
  if (!ua) return { browser: null, os: null, mobile: false };
  const { browser, os, device } = UAParser(ua, CLIs);
  const browserName = browser.name?.replace(/^Mobile /, '');
  let osName = os.name ? (SYSTEM_NAMES[os.name] ?? os.name) : null;
  if (osName && !NAMED_SYSTEMS.has(osName) && /\bLinux\b/.test(ua)) osName = 'Linux';
  return {
    browser: browserName ? (BROWSER_FAMILIES.find(([re]) => re.test(browserName))?.[1] ?? browserName) : null,
    os: osName,
    mobile: device.type === 'mobile' || device.type === 'tablet',
  };
}

export type AddressClass = 'local' | 'public' | 'unknown';

/** Private, loopback, link-local and unique-local addresses are `local`; others `public`. */
export function addressClass(ip: string | null | undefined): AddressClass {
  if (!ip) return 'unknown';
  let a = ip.trim().toLowerCase();
  if (a.startsWith('::ffff:') && a.includes('.')) a = a.slice(7);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (v4) {
    const [x, y] = [Number(v4[1]), Number(v4[2])];
    if (
      x === 10 ||
      x === 127 ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 169 && y === 254) ||
      (x === 100 && y >= 64 && y <= 127)
    )
      return 'local';
    return 'public';
  }
  if (a.includes(':')) {
    if (a === '::1' || /^f[cd][0-9a-f]{2}:/.test(a) || /^fe[89ab][0-9a-f]:/.test(a)) return 'local';
    return 'public';
  }
  return 'unknown';
}

/** What "a device seen before" means: the browser, the system and the address class. */
export function deviceKey(ua: string | null | undefined, ip: string | null | undefined): string {
  const { browser, os } = parseUserAgent(ua);
  return `${browser ?? '?'}|${os ?? '?'}|${addressClass(ip)}`;
}

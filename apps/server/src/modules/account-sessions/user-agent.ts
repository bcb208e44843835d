/** A browser and system read from a user agent, for "Chrome on Linux"; null where it names neither. */
export interface ParsedUserAgent {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and so on.
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Chrome'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export function parseUserAgent(ua: string | null | undefined): ParsedUserAgent {
  if (!ua) return { browser: null, os: null, mobile: false };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  const mobile = /\bMobi|\biPhone\b|\biPad\b|\bAndroid\b|\bTablet\b/.test(ua);
  return { browser, os, mobile };
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
    if (x === 10 || x === 127 || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 169 && y === 254) || (x === 100 && y >= 64 && y <= 127)) return 'local';
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

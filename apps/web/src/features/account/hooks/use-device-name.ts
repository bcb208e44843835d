import { useTranslation } from 'react-i18next';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

/** Browser and system named in a user agent string ("Chrome", "macOS"), or null when unknown. */
export function describeDevice(userAgent: string) {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? null;
  return { browser, system };
}

/** A default name for a passkey made on this device: "Chrome on macOS" (translated), or "" when unknown. */
export function useDeviceName() {
  const { t } = useTranslation();
  const { browser, system } = describeDevice(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  if (browser && system) return t('accountPasskeys.deviceName', { browser, system });
  return browser ?? system ?? '';
}

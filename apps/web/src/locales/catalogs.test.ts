import { ERROR_CODES, VALIDATION_MESSAGES } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

type Catalog = { [key: string]: string | Catalog };

/** Flattens a nested catalog to dotted keys. */
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key is present if it exists as is or with a plural suffix. */
function has(keys: Map<string, string>, key: string) {
  if (keys.get(key)) return true;
  return [...keys.keys()].some((k) => k.replace(PLURAL_SUFFIX, '') === key && !!keys.get(k));
}

const enKeys = flatten(en as Catalog);
const zhKeys = flatten(zhCN as Catalog);

// Every source file of the app, read as text (tests excluded).
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** `t('key')`, `t("key")`, `i18n.t('key')` and `t('key', {...})` with a literal key. */
const T_CALL = /(?<![\w$])t\(\s*(['"])([^'"\n]+?)\1/g;

describe('translation catalogs', () => {
  it('has the same keys in en and zh-CN, none empty', () => {
    const missingInZh = [...enKeys.keys()].filter((k) => !zhKeys.get(k));
    const missingInEn = [...zhKeys.keys()].filter((k) => !enKeys.get(k));
    expect(missingInZh, 'keys missing or empty in zh-CN.json').toEqual([]);
    expect(missingInEn, 'keys missing or empty in en.json').toEqual([]);
  });

  it('keeps keys sorted within every group', () => {
    const check = (catalog: Catalog, path: string): string[] => {
      const keys = Object.keys(catalog);
      const sorted = [...keys].sort();
      const bad = keys.join() === sorted.join() ? [] : [path || '(root)'];
      return bad.concat(...keys.filter((k) => typeof catalog[k] === 'object').map((k) => check(catalog[k] as Catalog, path ? `${path}.${k}` : k)));
    };
    expect(check(en as Catalog, '')).toEqual([]);
    expect(check(zhCN as Catalog, '')).toEqual([]);
  });

  it('has every t() key literal used in the source', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(T_CALL)) {
        const key = match[2]!;
        if (!has(enKeys, key)) missing.add(`${key} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('has a message for every API error code and every validation message', () => {
    const required = [
      ...ERROR_CODES.map((code) => `errors.${code}`),
      'errors.network_error',
      ...Object.keys(VALIDATION_MESSAGES).map((key) => `validation.${key}`),
      'auth.authError',
      'auth.magicLinkSent',
      'onboarding.codeInvalid',
      'onboarding.codeAccepted',
      'onboarding.codeAlreadyRedeemed',
      'onboarding.codeFullyUsed',
      'onboarding.handleInvalid',
      'onboarding.handleTaken',
      'common.error',
      'common.required',
    ];
    expect(required.filter((key) => !enKeys.get(key))).toEqual([]);
    expect(required.filter((key) => !zhKeys.get(key))).toEqual([]);
  });

  it('uses the spec texts in English', () => {
    expect(enKeys.get('auth.authError')).toBe('Authentication failed. Please try again.');
    expect(enKeys.get('onboarding.codeInvalid')).toBe('Invalid or expired invite code');
    expect(enKeys.get('onboarding.codeAlreadyRedeemed')).toBe("You've already redeemed a code");
    expect(enKeys.get('onboarding.codeFullyUsed')).toBe('This code has been fully used');
    expect(enKeys.get('onboarding.handleTaken')).toBe('This handle is already taken');
    expect(enKeys.get('consent.title')).toBe('Privacy & Analytics');
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) expect(enKeys.get(`validation.${key}`)).toBe(text);
  });

  it('calls the shelf 我的展柜 in Chinese', () => {
    expect(zhKeys.get('nav.myShelf')).toBe('我的展柜');
  });

  it('keeps interpolation variables the same in both languages', () => {
    const vars = (s: string) =>
      [...s.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join();
    const mismatched = [...enKeys.entries()].filter(([k, v]) => zhKeys.has(k) && vars(v) !== vars(zhKeys.get(k)!)).map(([k]) => k);
    expect(mismatched).toEqual([]);
  });
});

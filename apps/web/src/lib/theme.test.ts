import { STORAGE_KEYS } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import themeInit from '../../public/theme-init.js?raw';
import { resolveTheme } from './theme';

describe('theme', () => {
  it('resolves system to the OS preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('has a pre-paint script that reads the same storage keys as the app', () => {
    expect(themeInit).toContain(`'${STORAGE_KEYS.theme}'`);
    expect(themeInit).toContain(`'${STORAGE_KEYS.language}'`);
  });
});

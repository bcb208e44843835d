import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadCatalog } from './i18n';

describe('language catalogs', () => {
  it('starts with only the active language loaded (the setup renders in English)', async () => {
    await initI18n();
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('landing.hero.getStarted')).not.toBe('landing.hero.getStarted');
  });

  it('loads a catalog when the language changes, before anything is shown in it', async () => {
    const zh = (await loadCatalog('zh-CN')) as { landing: { hero: { getStarted: string } } };
    await i18n.changeLanguage('zh-CN');
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true);
    expect(i18n.t('landing.hero.getStarted')).toBe(zh.landing.hero.getStarted);
    expect(document.documentElement.lang).toBe('zh-CN');
    // A choice other than the browser's language (en here) is mirrored for the server, which sends the
    // landing page pre-rendered in it; the browser's own language needs no cookie.
    expect(document.cookie).toContain('curio_lang=zh-CN');
    await i18n.changeLanguage('en');
    expect(document.cookie).not.toContain('curio_lang');
  });

  it('falls back to English for a key the active catalog lacks', async () => {
    i18n.addResource('en', 'translation', 'test.onlyInEnglish', 'Only in English');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('test.onlyInEnglish')).toBe('Only in English');
    await i18n.changeLanguage('en');
  });

  it('maps other languages and variants to a catalog it has', async () => {
    expect(await loadCatalog('zh-TW')).toEqual(await loadCatalog('zh-CN'));
    expect(await loadCatalog('fr')).toEqual(await loadCatalog('en'));
  });
});

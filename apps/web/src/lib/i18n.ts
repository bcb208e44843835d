import { STORAGE_KEYS } from '@curio/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Any Chinese variant becomes zh-CN; English variants become en; other languages fall back to en. */
export function normalizeLanguage(lng: string | undefined | null): Language {
  if (!lng) return FALLBACK_LANGUAGE;
  const lower = lng.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  return 'en';
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Each catalog is a chunk of its own: a page loads only the language it shows (the first paint waits
 * for it; theme-init.js preloads it beside the entry). English, the fallback, follows in the
 * background when another language is shown.
 */
const CATALOGS: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('@/locales/en.json'),
  'zh-CN': () => import('@/locales/zh-CN.json'),
};

export function loadCatalog(lng: string): Promise<ResourceKey> {
  return CATALOGS[normalizeLanguage(lng)]().then((m) => m.default);
}

const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, done) {
    loadCatalog(lng).then(
      (catalog) => done(null, catalog),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

let ready: Promise<typeof i18n> | null = null;

/**
 * Detects the language (saved choice, then the browser's), loads its catalog and resolves once the
 * app can render without showing keys. Changing the language later loads that catalog first.
 */
export function initI18n(options: { lng?: Language } = {}): Promise<typeof i18n> {
  if (ready) return ready;
  ready = i18n
    .use(catalogBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      lng: options.lng,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // Set to English once its catalog is here (below): a fallback that is still loading would
      // hold every translated component back.
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      detection: {
        order: ['localStorage', 'navigator'],
        caches: ['localStorage'],
        lookupLocalStorage: STORAGE_KEYS.language,
        convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
      },
    })
    .then(() => {
      const syncHtml = () => {
        if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
      };
      syncHtml();
      i18n.on('languageChanged', syncHtml);
      const useFallback = () => {
        i18n.options.fallbackLng = [FALLBACK_LANGUAGE];
      };
      if (i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'translation')) useFallback();
      else void i18n.loadLanguages(FALLBACK_LANGUAGE).then(useFallback);
      return i18n;
    });
  return ready;
}

export { i18n };

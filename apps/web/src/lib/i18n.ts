import { STORAGE_KEYS } from '@curio/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** Mirrors the chosen language for the server, which pre-renders the landing page in it. */
export const LANGUAGE_COOKIE = 'curio_lang';

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

type Part = () => Promise<{ default: ResourceKey }>;

/**
 * Each language's catalog is two chunks (src/locales/parts.ts): the core part, which the first paint
 * waits for (theme-init.js preloads it beside the entry), and the rest, which every page but the
 * landing page waits for and which follows right after the first paint. A page loads only the language
 * it shows; English, the fallback, follows in the background when another language is shown.
 */
const CATALOGS: Record<Language, { core: Part; rest: Part }> = {
  en: { core: () => import('virtual:curio-catalog/en/core'), rest: () => import('virtual:curio-catalog/en/rest') },
  'zh-CN': { core: () => import('virtual:curio-catalog/zh-CN/core'), rest: () => import('virtual:curio-catalog/zh-CN/rest') },
};

/** Set once some page needs the whole catalog: from then on a language is loaded whole. */
let wantWhole = false;

/** A language's catalog: its core part, and the rest too once the whole catalog is wanted. */
export async function loadCatalog(lng: string): Promise<ResourceKey> {
  const parts = CATALOGS[normalizeLanguage(lng)];
  const core = (await parts.core()).default as Record<string, unknown>;
  if (!wantWhole) return core;
  const rest = (await parts.rest()).default as Record<string, unknown>;
  return { ...core, ...rest };
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

let whole: Promise<void> | null = null;

/**
 * Resolves once every loaded language's catalog is whole (route loaders wait for it; the landing page
 * asks for it after its first paint). Components re-render when the rest arrives.
 */
export function loadWholeCatalog(): Promise<void> {
  wantWhole = true;
  // A route may ask while the first catalog is still loading (the router starts beside i18n): wait for
  // it, then complete what it loaded. Before initI18n, wantWhole alone makes it load whole catalogs.
  whole ??= (ready ?? Promise.resolve())
    .then(() =>
      Promise.all(
        SUPPORTED_LANGUAGES.filter((lng) => i18n.hasResourceBundle(lng, 'translation')).map(async (lng) => {
          const rest = (await CATALOGS[lng].rest()).default;
          i18n.addResourceBundle(lng, 'translation', rest, true, false);
        }),
      ),
    )
    .then(
      () => undefined,
      (err: unknown) => {
        whole = null; // a failed chunk load (offline) may be retried by the next route
        throw err;
      },
    );
  return whole;
}

/**
 * The server pre-renders the landing page in the browser's language (Accept-Language); a choice that
 * differs from it is mirrored into a cookie so that the next visit arrives in it. No cookie otherwise.
 */
function syncLanguageCookie(lng: Language) {
  const browser = normalizeLanguage(navigator.languages?.[0] ?? navigator.language);
  if (lng !== browser) document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  else if (document.cookie.split('; ').some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`)))
    document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

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
      // Re-render when the rest of a catalog arrives (loadWholeCatalog).
      react: { bindI18nStore: 'added' },
      detection: {
        order: ['localStorage', 'navigator'],
        caches: ['localStorage'],
        lookupLocalStorage: STORAGE_KEYS.language,
        convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
      },
    })
    .then(() => {
      const syncHtml = () => {
        if (typeof document === 'undefined') return;
        document.documentElement.lang = currentLanguage();
        syncLanguageCookie(currentLanguage());
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

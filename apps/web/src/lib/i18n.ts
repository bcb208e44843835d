import { STORAGE_KEYS } from '@curio/contract';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import zhCN from '@/locales/zh-CN.json';

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

let initialised = false;

export function initI18n(options: { lng?: Language } = {}) {
  if (initialised) return i18n;
  initialised = true;
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
      lng: options.lng,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      initAsync: false,
      detection: {
        order: ['localStorage', 'navigator'],
        caches: ['localStorage'],
        lookupLocalStorage: STORAGE_KEYS.language,
        convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
      },
    });
  const syncHtml = () => {
    if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
  };
  syncHtml();
  i18n.on('languageChanged', syncHtml);
  return i18n;
}

export { i18n };

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** Sets the document title ("{title} · Curio") and the translated meta description. */
export function useDocumentMeta({ title, description }: { title?: string; description?: string }) {
  const { t, i18n } = useTranslation();
  const fallbackDescription = t('meta.description', { appName: env.appName });
  useEffect(() => {
    document.title = title ? t('meta.titleTemplate', { title, appName: env.appName }) : env.appName;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description ?? fallbackDescription;
  }, [title, description, fallbackDescription, t, i18n.resolvedLanguage]);
}

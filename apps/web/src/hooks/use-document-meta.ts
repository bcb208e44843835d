import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** A page's title (whole, with the app's name), description and canonical path. */
export interface DocumentMeta {
  title: string;
  description: string;
  canonical?: string;
}

/**
 * Where a page rendered outside the browser (src/prerender.tsx: a guest's profile on the server) puts
 * its meta, which no effect sets there: told during the render, for the server to write into the head.
 */
export const DocumentMetaSink = createContext<((meta: DocumentMeta) => void) | null>(null);

/**
 * Sets the document title ("{title} · Curio"), the translated meta description and the canonical
 * link: the absolute address of `canonical` (a path) on this origin, or none when the page names
 * none (a page's canonical never outlives it).
 */
export function useDocumentMeta({ title, description, canonical }: { title?: string; description?: string; canonical?: string }) {
  const { t } = useTranslation();
  const fallbackDescription = t('meta.description', { appName: env.appName });
  const fullTitle = title ? t('meta.titleTemplate', { title, appName: env.appName }) : env.appName;
  useContext(DocumentMetaSink)?.({ title: fullTitle, description: description ?? fallbackDescription, canonical });
  useEffect(() => {
    document.title = fullTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description ?? fallbackDescription;
  }, [fullTitle, description, fallbackDescription]);
  useEffect(() => {
    if (!canonical) return;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = new URL(canonical, window.location.origin).href;
    document.head.querySelectorAll('link[rel="canonical"]').forEach((old) => old.remove());
    document.head.appendChild(link);
    return () => link.remove();
  }, [canonical]);
}

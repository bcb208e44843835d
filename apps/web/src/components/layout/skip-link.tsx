import { useTranslation } from 'react-i18next';

/** The first focusable element of every page; jumps to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[100] rounded-lg bg-accent px-4 py-3 font-medium text-accent-foreground shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('common.skipToContent')}
    </a>
  );
}

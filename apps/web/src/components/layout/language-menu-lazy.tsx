import { Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';

const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));

/**
 * The language menu, with Radix loaded just after the page (it is the landing page's only menu, and
 * the biggest piece of its first bundle otherwise). The placeholder looks exactly like the trigger.
 */
export function LanguageMenuLazy() {
  const { t } = useTranslation();
  const fallback = (
    <Button variant="ghost" size="sm" aria-haspopup="menu" className="max-sm:w-11 max-sm:px-0">
      <Languages className="size-5" aria-hidden="true" />
      <span className="sr-only">{t('language.label')} </span>
      <span className="max-sm:sr-only">{currentLanguage() === 'zh-CN' ? '中文' : 'English'}</span>
    </Button>
  );
  return (
    <Suspense fallback={fallback}>
      <LanguageMenu />
    </Suspense>
  );
}

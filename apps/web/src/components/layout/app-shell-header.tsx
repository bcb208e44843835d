import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { BrandLink } from './brand-link';
import { LanguageMenu } from './language-menu';
import { SiteHeader } from './site-header';
import { ThemeMenu } from './theme-menu';

/** The header of signed-in pages: brand (to /), extra actions, language, theme, then `end` (e.g. Sign Out). */
export function AppShellHeader({ children, end }: { children?: ReactNode; end?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SiteHeader navLabel={t('nav.label')} brand={<BrandLink to={paths.home.getHref()} label={t('nav.brand', { appName: env.appName })} />}>
      {children}
      <LanguageMenu />
      <ThemeMenu />
      {end}
    </SiteHeader>
  );
}

import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminLink } from '@/components/layout/admin-link';
import { BrandLink } from '@/components/layout/brand-link';
import { LanguageMenuLazy as LanguageMenu } from '@/components/layout/language-menu-lazy';
import { SiteHeader } from '@/components/layout/site-header';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

/** The header of the public pages (landing, explore, item): Explore, language, admin, then My shelf or Log in. */
export function PublicHeader({ current }: { current?: 'explore' }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const me = useProfileMe({ enabled: !!user });
  const isAdmin = !!user && !!me.data?.roles.includes('admin');
  const isExplore = current === 'explore';
  return (
    <SiteHeader
      navLabel={t('nav.label')}
      brand={<BrandLink to={user ? paths.myShelf.getHref() : paths.home.getHref()} label={t('nav.brand', { appName: env.appName })} />}
    >
      <Button asChild variant="ghost" size="sm" className={cn('max-sm:w-11 max-sm:px-0', isExplore && 'bg-surface-sunken text-accent')}>
        <Link to={paths.explore.getHref()} aria-current={isExplore ? 'page' : undefined}>
          <Compass className="size-5" aria-hidden="true" />
          <span className="max-sm:sr-only">{t('nav.explore')}</span>
        </Link>
      </Button>
      <LanguageMenu />
      {isAdmin ? <AdminLink /> : null}
      {user ? (
        <Button asChild size="sm" className="ml-1 px-4">
          <Link to={paths.myShelf.getHref()}>{t('nav.myShelf')}</Link>
        </Button>
      ) : (
        <Button asChild size="sm" className="ml-1 px-4">
          <Link to={paths.login.getHref()}>{t('nav.logIn')}</Link>
        </Button>
      )}
    </SiteHeader>
  );
}

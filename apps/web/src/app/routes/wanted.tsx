import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { paths } from '@/config/paths';
import { WantedList } from '@/features/wanted/components/wanted-list';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth, useSignInHref } from '@/lib/auth';

/** /me/wanted: the collector's own wanted list, to add to, edit and share. */
export default function WantedRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const signIn = useSignInHref();
  useDocumentMeta({ title: t('wanted.metaTitle') });
  if (!loading && !user) return <Navigate to={signIn} replace />;
  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10">
        <div className="mb-6 grid gap-2 sm:mb-8">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('wanted.title')}</h1>
          <p className="max-w-2xl text-muted-foreground">
            {t('wanted.intro')}{' '}
            <Link to={paths.explore.getHref()} className="font-medium text-accent underline-offset-4 hover:underline">
              {t('wanted.introExplore')}
            </Link>
          </p>
        </div>
        {user ? <WantedList handle={null} /> : null}
      </main>
      <SiteFooter />
    </>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { paths } from '@/config/paths';
import { useWantedList } from '@/features/wanted/api/wanted';
import { WantedList } from '@/features/wanted/components/wanted-list';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /u/{handle}/wanted: the public entries of someone's wanted list, for anyone who may see their profile. */
export default function ProfileWantedRoute() {
  const { t } = useTranslation();
  const { handle = '' } = useParams();
  const list = useWantedList(handle);
  const name = list.data?.access === 'visible' ? list.data.owner.displayName : `@${handle}`;
  useDocumentMeta({ title: t('wanted.otherTitle', { name }), canonical: paths.profileWanted.getHref(handle.toLowerCase()) });
  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10">
        <div className="mb-6 grid gap-3 sm:mb-8">
          <div>
            <Link
              to={paths.profile.getHref(handle)}
              className="-ml-1 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-1 text-sm font-medium text-muted-foreground hover:text-foreground sm:min-h-9"
              data-testid="wanted-back"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t('wanted.backToProfile', { handle })}
            </Link>
          </div>
          <h1 className="font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl">{t('wanted.otherTitle', { name })}</h1>
        </div>
        <WantedList key={handle} handle={handle} />
      </main>
      <SiteFooter />
    </>
  );
}

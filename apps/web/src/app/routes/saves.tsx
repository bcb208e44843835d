import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SavesGrid } from '@/features/saves/components/saves-grid';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth, useSignInHref } from '@/lib/auth';

export default function SavesRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const signIn = useSignInHref();
  useDocumentMeta({ title: t('saves.metaTitle') });
  if (!loading && !user) return <Navigate to={signIn} replace />;

  // Back to where the viewer came from, or to the shelf when the page was opened directly.
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.myShelf.getHref()));

  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10">
        <div className="mb-6 grid gap-3 sm:mb-8">
          <div>
            <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack} data-testid="saves-back">
              <ArrowLeft aria-hidden="true" />
              {t('saves.back')}
            </Button>
          </div>
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('saves.title')}</h1>
        </div>
        {user ? <SavesGrid /> : null}
      </main>
    </>
  );
}

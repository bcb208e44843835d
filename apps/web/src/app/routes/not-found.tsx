import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPlinth } from '@/components/illustrations/empty-plinth';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('notFound.metaTitle') });
  return (
    <>
      <main id="main" tabIndex={-1} className="grid flex-1 place-items-center px-4 py-16 outline-none">
        <div className="grid max-w-md justify-items-center gap-5 text-center">
          <EmptyPlinth className="h-40 w-auto" />
          <p className="font-display text-sm font-semibold tracking-[0.2em] text-accent uppercase">404</p>
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('notFound.title')}</h1>
          <p className="text-balance break-words break-keep text-muted-foreground">{t('notFound.text')}</p>
          <Button asChild size="lg">
            <Link to={paths.home.getHref()}>
              <Home aria-hidden="true" />
              {t('notFound.home')}
            </Link>
          </Button>
        </div>
      </main>
    </>
  );
}

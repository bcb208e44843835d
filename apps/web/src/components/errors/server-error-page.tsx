import { Home, RotateCcw, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import type { ApiError } from '@/lib/api-client';

/** The full page for a server that failed or cannot be reached: what happened, Try again and Go home. */
export function ServerErrorPage({ error, onRetry }: { error?: ApiError | null; onRetry: () => void }) {
  const { t } = useTranslation();
  const unreachable = error?.status === 0;
  useDocumentMeta({ title: t('serverError.metaTitle') });
  return (
    <main id="main" tabIndex={-1} className="grid flex-1 place-items-center px-4 py-16 outline-none" data-testid="server-error">
      <div className="grid max-w-md justify-items-center gap-5 text-center">
        <span className="grid size-20 place-items-center rounded-full bg-danger-bg text-danger-fg">
          <ServerCrash className="size-9" aria-hidden="true" />
        </span>
        {error && !unreachable ? <p className="font-display text-sm font-semibold tracking-[0.2em] text-accent uppercase">{error.status}</p> : null}
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          {unreachable ? t('serverError.unreachableTitle') : t('serverError.title')}
        </h1>
        <p className="text-balance break-words break-keep text-muted-foreground">{unreachable ? t('serverError.unreachableText') : t('serverError.text')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={onRetry} data-testid="server-error-retry">
            <RotateCcw aria-hidden="true" />
            {t('errorBoundary.tryAgain')}
          </Button>
          {/* A full page load: after a failure a fresh start is what going home should be. */}
          <a href="/" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            <Home aria-hidden="true" />
            {t('errorBoundary.goHome')}
          </a>
        </div>
      </div>
    </main>
  );
}

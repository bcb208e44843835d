import { ChevronDown, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { BrokenVase } from '@/components/illustrations/broken-vase';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** The full error screen: title, description, collapsible details, Try again and Go home. */
export function ErrorFallback({ message, onReset }: { message: string; onReset: () => void }) {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('errorBoundary.title') });
  return (
    <main id="main" tabIndex={-1} className="mx-auto grid min-h-[70dvh] w-full max-w-xl place-content-center gap-6 px-5 py-16 text-center">
      <BrokenVase className="mx-auto h-32 w-auto text-muted-foreground" />
      <div className="grid gap-3">
        <h1 className="font-display text-3xl font-semibold tracking-tight">{t('errorBoundary.title')}</h1>
        <p className="text-muted-foreground">{t('errorBoundary.description')}</p>
      </div>
      <Collapsible className="rounded-xl border border-border bg-surface text-left">
        <CollapsibleTrigger className="group flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-xl px-4 text-sm font-medium focus-visible:outline-3 focus-visible:outline-ring">
          {t('errorBoundary.details')}
          <ChevronDown className="size-4 transition-transform duration-150 group-data-[state=open]:rotate-180" aria-hidden="true" />
        </CollapsibleTrigger>
        <CollapsibleContent>
          <pre className="overflow-x-auto border-t border-border px-4 py-3 font-mono text-xs break-words whitespace-pre-wrap text-muted-foreground">
            {message}
          </pre>
        </CollapsibleContent>
      </Collapsible>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onReset}>
          <RotateCcw aria-hidden="true" />
          {t('errorBoundary.tryAgain')}
        </Button>
        {/* A full page load: a fresh start is what "go home" after a crash should be. */}
        <a href="/" className={buttonVariants({ variant: 'secondary' })}>
          {t('errorBoundary.goHome')}
        </a>
      </div>
    </main>
  );
}

/** The inline variant for a part of a page. */
export function InlineErrorFallback({ component, message, onRetry }: { component?: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-danger/40 bg-danger-bg p-5 text-danger-fg">
      <h2 className="font-semibold">{component ? t('errorBoundary.inlineTitle', { component }) : t('errorBoundary.inlineTitleGeneric')}</h2>
      <p className="text-sm break-words">{message}</p>
      <div>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          {t('errorBoundary.retry')}
        </Button>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';

/** Shown while a route's code loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="grid min-h-[60dvh] place-items-center">
      <span className="inline-flex items-center gap-3 text-sm text-muted-foreground">
        <span className="size-2.5 animate-pulse rounded-full bg-accent motion-reduce:animate-none" aria-hidden="true" />
        {t('common.loading')}
      </span>
    </div>
  );
}

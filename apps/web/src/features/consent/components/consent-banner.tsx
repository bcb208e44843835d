import { ANALYTICS_ANONYMIZE_DAYS, ANALYTICS_DELETE_DAYS } from '@curio/contract';
import { ShieldCheck, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { readConsent, writeConsent, type ConsentChoice } from '@/lib/consent';
import { useServerRender } from '@/lib/server-render';
import { detectLikelyEuropean } from '../utils/is-likely-european';

/**
 * Reserves the banner's height at the bottom of the page while it shows (body padding), so that it covers
 * no button a person scrolls to; `--consent-space` lets toasts sit above it.
 */
function useReservedSpace(ref: RefObject<HTMLElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const root = document.documentElement;
    const apply = () => {
      const px = `${Math.ceil(el.getBoundingClientRect().height)}px`;
      document.body.style.paddingBottom = px;
      root.style.setProperty('--consent-space', px);
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = '';
      root.style.removeProperty('--consent-space');
    };
  }, [ref, active]);
}

/**
 * Privacy & Analytics, fixed at the bottom, only for likely European visitors who have not chosen yet.
 * Compact on phones (short text, one row of buttons); the page keeps room for it underneath.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const onServer = useServerRender();
  const [visible, setVisible] = useState(() => !onServer && readConsent() === null && detectLikelyEuropean());
  const ref = useRef<HTMLElement>(null);
  useReservedSpace(ref, visible);
  if (!visible) return null;

  const choose = (choice: ConsentChoice) => {
    writeConsent(choice);
    setVisible(false);
  };

  return (
    <section ref={ref} aria-labelledby="consent-title" data-testid="consent-banner" className="fixed inset-x-0 bottom-0 z-50 p-2 sm:p-4">
      <div className="relative mx-auto grid max-w-3xl gap-2.5 rounded-2xl border border-border bg-surface p-3.5 shadow-lift sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4 sm:p-6 sm:pr-16">
        <div className="grid gap-1 pr-9 sm:gap-1.5 sm:pr-0">
          <h2 id="consent-title" className="flex items-center gap-2 text-sm font-semibold sm:text-base">
            <ShieldCheck className="size-4 text-accent sm:size-5" aria-hidden="true" />
            {t('consent.title')}
          </h2>
          <p className="text-xs text-muted-foreground sm:text-sm">
            {t('consent.text', { anonymizeDays: ANALYTICS_ANONYMIZE_DAYS, deleteDays: ANALYTICS_DELETE_DAYS })}{' '}
            <Link to={paths.privacy.getHref()} className="font-medium text-accent underline underline-offset-2">
              {t('consent.privacyLink')}
            </Link>
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => choose('declined')} className="flex-1 sm:flex-none">
            {t('consent.decline')}
          </Button>
          <Button onClick={() => choose('accepted')} className="flex-1 sm:flex-none">
            {t('consent.accept')}
          </Button>
        </div>
        <button
          type="button"
          onClick={() => choose('declined')}
          aria-label={t('consent.close')}
          className="absolute top-0.5 right-0.5 inline-flex size-11 sm:top-2 sm:right-2 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-sunken hover:text-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

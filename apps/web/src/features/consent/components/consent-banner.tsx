import { ANALYTICS_ANONYMIZE_DAYS, ANALYTICS_DELETE_DAYS } from '@curio/contract';
import { ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { readConsent, writeConsent, type ConsentChoice } from '@/lib/consent';
import { detectLikelyEuropean } from '../utils/is-likely-european';

/** Privacy & Analytics, fixed at the bottom, only for likely European visitors who have not chosen yet. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => readConsent() === null && detectLikelyEuropean());
  if (!visible) return null;

  const choose = (choice: ConsentChoice) => {
    writeConsent(choice);
    setVisible(false);
  };

  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
    >
      <div className="relative mx-auto grid max-w-3xl gap-4 rounded-2xl border border-border bg-surface p-5 pr-14 shadow-lift sm:grid-cols-[1fr_auto] sm:items-center sm:p-6 sm:pr-16">
        <div className="grid gap-1.5">
          <h2 id="consent-title" className="flex items-center gap-2 font-semibold">
            <ShieldCheck className="size-5 text-accent" aria-hidden="true" />
            {t('consent.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
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
          className="absolute top-2 right-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-sunken hover:text-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageExists } from '@/components/layout/page-availability';
import { paths } from '@/config/paths';
import type { HiddenSource } from '../api/get-item';

/** For the owner and admins of a hidden item: why others cannot see it, with learn-more (and review for admins). */
export function HiddenBanner({ source, isAdmin }: { source: HiddenSource | null; isAdmin: boolean }) {
  const { t } = useTranslation();
  const dmca = source === 'dmca';
  const exists = usePageExists();
  // Learn more: the DMCA page for a copyright notice (the terms until it exists), else the terms.
  const learnMore = dmca && exists(paths.dmca.getHref()) ? paths.dmca.getHref() : paths.terms.getHref();
  // Review: the moderation dashboard (its DMCA tab for a takedown), where the hide can be looked at.
  const review = `${paths.mod.getHref()}${dmca ? '?tab=dmca' : ''}`;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-warning-fg/30 bg-warning-bg p-4 text-warning-fg"
      data-testid="item-hidden-banner"
      data-source={source ?? 'other'}
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-2">
        <p className="font-semibold">{dmca ? t('item.hiddenDmcaTitle') : t('item.hiddenTitle')}</p>
        <p className="text-sm">{dmca ? t('item.hiddenDmcaText') : t('item.hiddenText')}</p>
        <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium">
          <Link to={learnMore} className="inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0">
            {t('item.learnMore')}
          </Link>
          {isAdmin && exists(paths.mod.getHref()) ? (
            <Link to={review} className="inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0" data-testid="item-review-admin">
              {t('item.reviewInAdmin')}
            </Link>
          ) : null}
        </p>
      </div>
    </div>
  );
}

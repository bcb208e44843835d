import { GENERATION_COST, type CreditBalance } from '@curio/contract';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useCreditBalance } from '../api/get-credit-balance';

/** When the allowance next tops the balance up, and how to get more credits (an admin, an invite). */
export function CreditsHelp({ balance, short = false, className }: { balance: CreditBalance; short?: boolean; className?: string }) {
  const { t, i18n } = useTranslation();
  const date = balance.nextRefillAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(balance.nextRefillAt)) : null;
  return (
    <div className={cn('grid gap-0.5 text-sm text-muted-foreground', className)}>
      {date && balance.refillAmount ? <p data-testid="credits-refill">{t('credits.refill', { amount: balance.refillAmount, date })}</p> : null}
      <p data-testid="credits-more">{t(short ? 'credits.moreShort' : 'credits.more')}</p>
    </div>
  );
}

/**
 * The collector's credits where they decide to spend them: the balance, how many generations it buys, when the
 * allowance next refills and how to get more. `panel` in the wizard's first step, `menu` (shorter) in the account menu.
 */
export function CreditsSummary({ variant }: { variant: 'panel' | 'menu' }) {
  const { t } = useTranslation();
  const query = useCreditBalance();
  const menu = variant === 'menu';
  const generations = query.data ? Math.floor(query.data.balance / GENERATION_COST) : 0;
  // In a menu only menu items may be interactive or landmarks: there it is plain text (the menu refetches when opened).
  const Root = menu ? 'div' : 'section';
  return (
    <Root
      aria-label={menu ? undefined : t('credits.label')}
      className={cn('flex items-start gap-3', menu ? 'px-3 py-2' : 'rounded-xl border border-border bg-background/60 p-4')}
      data-testid={`credits-summary-${variant}`}
    >
      <span
        className={cn('flex shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-soft-foreground', menu ? 'mt-0.5 size-7' : 'size-10')}
      >
        <Coins className={menu ? 'size-4' : 'size-5'} aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-1">
        {query.isPending ? (
          <>
            <span className="sr-only">{t('credits.loading')}</span>
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-40" />
          </>
        ) : query.isError ? (
          <span className="flex flex-wrap items-center gap-x-2 text-sm font-medium">
            {t('credits.failed')}
            {menu ? null : (
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </span>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className={cn('font-semibold tabular-nums', menu ? 'text-sm' : 'font-display text-lg')} data-testid="credits-balance">
                {t('credits.balance', { count: query.data.balance })}
              </span>
              {menu ? null : (
                <span className="text-sm text-muted-foreground">
                  {generations > 0 ? t('credits.generations', { count: generations }) : t('credits.notEnough', { cost: GENERATION_COST })}
                </span>
              )}
            </p>
            <CreditsHelp balance={query.data} short={menu} className={menu ? 'text-xs' : undefined} />
          </>
        )}
      </div>
    </Root>
  );
}

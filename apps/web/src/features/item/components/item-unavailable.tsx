import { Compass, Lock, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPlinth } from '@/components/illustrations/empty-plinth';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { HiddenSource } from '../api/get-item';

function Notice({ testId, art, title, text, action }: { testId: string; art: ReactNode; title: string; text?: string; action: ReactNode }) {
  return (
    <div className="grid place-items-center py-10 sm:py-16" data-testid={testId}>
      <div className="grid max-w-md justify-items-center gap-5 text-center">
        {art}
        <h1 className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {text ? <p className="text-muted-foreground">{text}</p> : null}
        {action}
      </div>
    </div>
  );
}

const exploreAction = (label: string) => (
  <Button asChild size="lg">
    <Link to={paths.explore.getHref()}>
      <Compass aria-hidden="true" />
      {label}
    </Link>
  </Button>
);

/** 404 or a failed load: the spec's item.itemNotFound text. */
export function ItemNotFound() {
  const { t } = useTranslation();
  return (
    <Notice
      testId="item-not-found"
      art={<EmptyPlinth className="h-36 w-auto" />}
      title={t('item.itemNotFound')}
      text={t('item.itemNotFoundText')}
      action={exploreAction(t('item.browseExplore'))}
    />
  );
}

/** A hidden item, for everyone but its owner and admins; the DMCA variant says why. */
export function ItemRemoved({ source, handle }: { source: HiddenSource; handle: string }) {
  const { t } = useTranslation();
  const dmca = source === 'dmca';
  return (
    <Notice
      testId="item-removed"
      art={<EmptyPlinth className="h-36 w-auto" />}
      title={t('item.removedTitle')}
      text={dmca ? t('item.removedDmcaText') : t('item.removedText')}
      action={
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.profile.getHref(handle)} data-testid="item-removed-profile">
            <UserRound aria-hidden="true" />
            {t('item.visitProfile', { handle })}
          </Link>
        </Button>
      }
    />
  );
}

/** An item of a private profile, for everyone but the owner. */
export function ItemPrivate() {
  const { t } = useTranslation();
  return (
    <Notice
      testId="item-private"
      art={
        <span className="inline-flex size-20 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
          <Lock className="size-9" aria-hidden="true" />
        </span>
      }
      title={t('item.privateTitle')}
      text={t('item.privateText')}
      action={exploreAction(t('item.browseExplore'))}
    />
  );
}

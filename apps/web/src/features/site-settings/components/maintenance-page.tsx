import { ExternalLink, RotateCcw, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { useSiteSettingsStream } from '../hooks/use-site-settings-stream';
import type { AdminState } from './maintenance-overlay';

/**
 * /maintenance: what is paused and why, a Try again button and the status link when an admin set one.
 * Goes to / once maintenance is off (the moment an admin turns it off: the page listens for the change), and at once
 * for admins (they are exempt).
 */
export function MaintenancePage({ isAdmin }: { isAdmin: AdminState }) {
  const { t } = useTranslation();
  const settings = usePublicSiteSettings();
  useSiteSettingsStream();

  const off = settings.data ? !settings.data.maintenanceMode : false;
  if (off || isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  const known = !!settings.data && isAdmin !== null;
  const statusUrl = settings.data?.maintenanceStatusUrl ?? null;

  return (
    <div className="grid max-w-lg justify-items-center gap-5 text-center" aria-busy={!known}>
      <span className="grid size-20 place-items-center rounded-full bg-warning-bg text-warning-fg">
        <Wrench className="size-9" aria-hidden="true" />
      </span>
      <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('maintenance.title')}</h1>
      <p className="text-muted-foreground">{t('maintenance.text')}</p>
      <p className="text-sm text-muted-foreground">{t('maintenance.stillWorks')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => void settings.refetch()} disabled={settings.isFetching} data-testid="maintenance-retry">
          <RotateCcw aria-hidden="true" />
          {settings.isFetching ? t('maintenance.checking') : t('maintenance.tryAgain')}
        </Button>
        {statusUrl ? (
          <Button asChild size="lg" variant="secondary">
            <a href={statusUrl} target="_blank" rel="noopener noreferrer" data-testid="maintenance-status-link">
              {t('maintenance.statusLink')}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">{t('common.opensInNewTab')}</span>
            </a>
          </Button>
        ) : null}
      </div>
      {settings.isFetched && !settings.isFetching && settings.data?.maintenanceMode ? (
        <p role="status" className="sr-only">
          {t('maintenance.stillOn')}
        </p>
      ) : null}
    </div>
  );
}

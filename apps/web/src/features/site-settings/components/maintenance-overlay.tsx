import { Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { usePublicSiteSettings } from '@/lib/public-site-settings';

const HIDDEN_KEY = 'curio.maintenance-overlay-hidden';

function wasHidden() {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the viewer is an admin: null while not known yet (the overlay waits rather than flash). */
export type AdminState = boolean | null;

/**
 * The maintenance overlay: while maintenance is on, a card floats over every page for everyone but
 * admins, saying that creating new images is paused (generate buttons are disabled meanwhile) and
 * linking to the maintenance page. Browsing goes on under it; it can be put away for this tab.
 */
export function MaintenanceOverlay({ isAdmin }: { isAdmin: AdminState }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const settings = usePublicSiteSettings();
  const active = !!settings.data?.maintenanceMode && isAdmin === false;
  const [hidden, setHidden] = useState(wasHidden);
  if (!active || hidden || pathname === paths.maintenance.path || pathname.startsWith(paths.admin.path)) return null;

  const hide = () => {
    setHidden(true);
    try {
      sessionStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      /* storage unavailable */
    }
  };

  return (
    <aside
      aria-labelledby="maintenance-overlay-title"
      data-testid="maintenance-overlay"
      data-toast-clear
      // Above the consent banner while it shows (it sets --consent-space), beside the centred toasts.
      className="fixed inset-x-3 z-40 rounded-2xl border border-warning-fg/25 bg-warning-bg p-4 text-warning-fg shadow-lift sm:right-5 sm:left-auto sm:w-[26rem]"
      style={{ bottom: 'calc(var(--consent-space, 0px) + 0.75rem)' }}
    >
      <div className="flex items-start gap-3">
        <Wrench className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="maintenance-overlay-title" className="font-semibold">
            {t('maintenance.overlayTitle')}
          </h2>
          <p className="text-sm">{t('maintenance.overlayText')}</p>
          <Link
            to={paths.maintenance.getHref()}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2 sm:min-h-0"
          >
            {t('maintenance.overlayMore')}
          </Link>
        </div>
        <button
          type="button"
          onClick={hide}
          aria-label={t('maintenance.overlayHide')}
          className="-my-2 -mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-black/5 focus-visible:outline-3 focus-visible:outline-ring dark:hover:bg-white/10"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}

import { lazy, Suspense } from 'react';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { useAdminState } from './use-admin-state';

// Loaded only while maintenance is on: it stays out of every first load.
const MaintenanceOverlay = lazy(() => import('@/features/site-settings/components/maintenance-overlay').then((m) => ({ default: m.MaintenanceOverlay })));

/** The maintenance overlay for everyone but admins (composed here: it needs the viewer's roles). */
export function MaintenanceOverlaySlot() {
  const settings = usePublicSiteSettings();
  const isAdmin = useAdminState();
  if (!settings.data?.maintenanceMode || isAdmin !== false) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceOverlay isAdmin={isAdmin} />
    </Suspense>
  );
}

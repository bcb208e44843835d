import { MaintenanceOverlay } from '@/features/site-settings/components/maintenance-overlay';
import { useAdminState } from './use-admin-state';

/** The maintenance overlay for everyone but admins (composed here: it needs the viewer's roles). */
export function MaintenanceOverlaySlot() {
  return <MaintenanceOverlay isAdmin={useAdminState()} />;
}

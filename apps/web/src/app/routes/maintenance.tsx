import { useTranslation } from 'react-i18next';
import { MaintenancePage } from '@/features/site-settings/components/maintenance-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAdminState } from '../use-admin-state';

export default function MaintenanceRoute() {
  const { t } = useTranslation();
  const isAdmin = useAdminState();
  useDocumentMeta({ title: t('maintenance.metaTitle') });
  return (
    <main id="main" tabIndex={-1} className="grid flex-1 place-items-center px-4 py-16 outline-none">
      <MaintenancePage isAdmin={isAdmin} />
    </main>
  );
}

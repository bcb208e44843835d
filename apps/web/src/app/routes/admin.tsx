import { useTranslation } from 'react-i18next';
import { AccessDenied, AdminPage } from '@/features/admin/components/admin-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isAdmin, RoleGate } from '../role-gate';
import { SignedInPage } from '../signed-in-page';

export default function AdminRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('adminPanel.metaTitle') });
  return (
    <SignedInPage guest={<AccessDenied />}>
      <RoleGate allow={isAdmin} denied={<AccessDenied />}>
        <AdminPage />
      </RoleGate>
    </SignedInPage>
  );
}

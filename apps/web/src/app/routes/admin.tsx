import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/features/admin/components/admin-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { SignedInPage } from '../signed-in-page';

export default function AdminRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('adminPanel.metaTitle') });
  return (
    <SignedInPage>
      <AdminPage />
    </SignedInPage>
  );
}

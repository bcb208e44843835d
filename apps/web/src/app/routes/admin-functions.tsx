import { useTranslation } from 'react-i18next';
import { AccessDenied } from '@/features/admin/components/admin-page';
import { FunctionStatsPage } from '@/features/admin/components/function-stats-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isAdmin, RoleGate } from '../role-gate';
import { SignedInPage } from '../signed-in-page';

/** Admins only; others see Access Denied. */
export default function AdminFunctionsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('adminFunctions.metaTitle') });
  return (
    <SignedInPage guest={<AccessDenied />}>
      <RoleGate allow={isAdmin} denied={<AccessDenied />}>
        <FunctionStatsPage />
      </RoleGate>
    </SignedInPage>
  );
}

import { useTranslation } from 'react-i18next';
import { AccessDenied } from '@/features/admin/components/admin-page';
import { JobQueuePage } from '@/features/admin/components/job-queue-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isAdmin, RoleGate } from '../role-gate';
import { SignedInPage } from '../signed-in-page';

/** Admins only; others see Access Denied. */
export default function AdminJobsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('adminJobs.metaTitle') });
  return (
    <SignedInPage guest={<AccessDenied />}>
      <RoleGate allow={isAdmin} denied={<AccessDenied />}>
        <JobQueuePage />
      </RoleGate>
    </SignedInPage>
  );
}

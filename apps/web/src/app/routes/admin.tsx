import { useTranslation } from 'react-i18next';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { AccessDenied, AdminPage } from '@/features/admin/components/admin-page';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { errorMessageKey } from '@/lib/error-messages';
import { SignedInPage } from '../signed-in-page';

function AdminGate() {
  const { t } = useTranslation();
  const me = useProfileMe();
  if (me.error) return <InlineErrorFallback message={t(errorMessageKey(me.error))} onRetry={() => void me.refetch()} />;
  if (!me.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return me.data.roles.includes('admin') ? <AdminPage /> : <AccessDenied />;
}

export default function AdminRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('adminPanel.metaTitle') });
  return (
    <SignedInPage>
      <AdminGate />
    </SignedInPage>
  );
}

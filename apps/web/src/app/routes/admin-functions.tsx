import { useTranslation } from 'react-i18next';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { AccessDenied } from '@/features/admin/components/admin-page';
import { FunctionStatsPage } from '@/features/admin/components/function-stats-page';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { errorMessageKey } from '@/lib/error-messages';
import { SignedInPage } from '../signed-in-page';

/** Admins only; others see Access Denied. */
function AdminOnly() {
  const { t } = useTranslation();
  const me = useProfileMe();
  if (me.error) return <InlineErrorFallback message={t(errorMessageKey(me.error))} onRetry={() => void me.refetch()} />;
  if (!me.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  return me.data.roles.includes('admin') ? <FunctionStatsPage /> : <AccessDenied />;
}

export default function AdminFunctionsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('adminFunctions.metaTitle') });
  return (
    <SignedInPage>
      <AdminOnly />
    </SignedInPage>
  );
}

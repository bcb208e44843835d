import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { errorMessageKey } from '@/lib/error-messages';

/**
 * Waits for the viewer's roles, then shows the page to those `allow` lets in and `denied` (an
 * "Access Denied" page) to everyone else. The server checks the same roles on every call; this only
 * spares others a page of refusals.
 */
export function RoleGate({ allow, denied, children }: { allow: (roles: readonly string[]) => boolean; denied: ReactNode; children: ReactNode }) {
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
  return allow(me.data.roles) ? children : denied;
}

export const isAdmin = (roles: readonly string[]) => roles.includes('admin');

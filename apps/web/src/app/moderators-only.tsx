import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { ModerationAccessDenied } from '@/features/moderation/components/moderation-page';
import { canModerate } from '@/features/moderation/utils/roles';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { errorMessageKey } from '@/lib/error-messages';

/** Waits for the viewer's roles; moderators and admins get the page, others "Access Denied". */
export function ModeratorsOnly({ children }: { children: ReactNode }) {
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
  return canModerate(me.data.roles) ? children : <ModerationAccessDenied />;
}


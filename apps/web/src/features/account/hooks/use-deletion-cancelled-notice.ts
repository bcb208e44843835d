import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { callFunction } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { loadWholeCatalog } from '@/lib/i18n';

/** Only a session this young can be the sign-in that cancelled a deletion. */
const FRESH_SESSION_MS = 2 * 60 * 1000;

/**
 * After a sign-in that cancelled a scheduled account deletion, says so once in a toast. Asks the
 * server (`account-deletion-notice`) only for a session created in the last two minutes: one call
 * per sign-in. The toast module loads only when there is something to say (it stays out of the
 * first bundle).
 */
export function useDeletionCancelledNotice() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!session || asked.current === session.id) return;
    asked.current = session.id;
    if (Date.now() - new Date(session.createdAt).getTime() > FRESH_SESSION_MS) return;
    void (async () => {
      const { cancelled } = await callFunction('account-deletion-notice', {});
      if (!cancelled) return;
      const [{ toast }, { CARRY_ACROSS_NAVIGATION }] = await Promise.all([import('sonner'), import('@/components/ui/toaster'), loadWholeCatalog()]);
      toast.success(t('accountData.deletionCancelled'), { id: `${CARRY_ACROSS_NAVIGATION}deletion-cancelled`, duration: 8000 });
    })().catch(() => undefined);
  }, [session, t]);
}

/** Mounted once in the root layout. */
export function DeletionCancelledNotice() {
  useDeletionCancelledNotice();
  return null;
}

import type { AccountSession } from '@curio/contract';
import { Loader2, LogOut, MonitorSmartphone, Monitor, Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRelativeTime } from '@/lib/relative-time';
import { useAccountSessions, useRevokeSession, useSignOutScope, type SignOutScope } from '../api/account-sessions';
import { accountErrorKey } from '../utils/account-errors';
import { AccountSection, SectionLoadFailed } from './account-section';

/** "Chrome on Linux", "Safari", "Linux", or "Unknown device". */
export function deviceLabel(session: Pick<AccountSession, 'browser' | 'os'>, t: (key: string, options?: Record<string, unknown>) => string) {
  if (session.browser && session.os) return t('accountSessions.browserOnOs', { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t('accountSessions.unknownDevice');
}

/** /settings/account: where the person is signed in; sign out one session, the others, or all. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useAccountSessions();
  const scope = useSignOutScope();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const [confirmingAll, setConfirmingAll] = useState(false);

  const signOut = (which: SignOutScope) =>
    scope.mutate(which, {
      onSuccess: () => {
        if (which === 'others') toast.success(t('accountSessions.othersSignedOut'));
      },
      onError: (error) => toast.error(t(accountErrorKey(error))),
    });

  return (
    <AccountSection
      id="sessions"
      testId="sessions-section"
      icon={MonitorSmartphone}
      title={t('accountSessions.title')}
      description={t('accountSessions.description')}
    >
      {sessions.error && !sessions.data ? (
        <SectionLoadFailed message={t('accountSessions.loadFailed')} onRetry={() => void sessions.refetch()} />
      ) : !sessions.data ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-2">
          <Skeleton className="h-20 w-full rounded-lg" />
          <Skeleton className="h-20 w-full rounded-lg" />
        </div>
      ) : (
        <ul className="grid gap-2" aria-label={t('accountSessions.listLabel')} data-testid="sessions-list">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} onSignOutHere={() => signOut('local')} busy={scope.isPending} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-3 border-t border-border pt-5">
        <Button type="button" variant="secondary" disabled={scope.isPending || others === 0} onClick={() => signOut('others')} data-testid="sign-out-others">
          {scope.isPending && scope.variables === 'others' ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {t('accountSessions.signOutOthers')}
        </Button>
        <Button type="button" variant="secondary" disabled={scope.isPending} onClick={() => setConfirmingAll(true)} data-testid="sign-out-everywhere">
          {scope.isPending && scope.variables === 'global' ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {t('accountSessions.signOutEverywhere')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingAll}
        onOpenChange={setConfirmingAll}
        title={t('accountSessions.everywhereTitle')}
        description={t('accountSessions.everywhereText')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('accountSessions.signOutEverywhere')}
        onConfirm={() => signOut('global')}
      />
    </AccountSection>
  );
}

function SessionRow({ session, onSignOutHere, busy }: { session: AccountSession; onSignOutHere: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeSession();
  const badgeId = useId();
  const Icon = session.mobile ? Smartphone : Monitor;
  const label = deviceLabel(session, t);
  const place = t(`accountSessions.place.${session.place}`);
  const signedIn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(session.createdAt));

  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border px-3.5 py-3 data-[current=true]:border-accent/50 data-[current=true]:bg-accent-soft/40"
      data-current={session.current}
      data-testid="session-row"
    >
      <Icon className="size-5 shrink-0 self-start text-muted-foreground sm:self-center" aria-hidden="true" />
      {/* At least 14rem wide: on a phone the button moves under the text rather than squeezing it. */}
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere">
          {label}
          {session.current ? (
            <span
              id={badgeId}
              className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-accent-foreground"
              data-testid="this-device"
            >
              {t('accountSessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ipAddress ? t('accountSessions.placeWithAddress', { place, address: session.ipAddress }) : place}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accountSessions.lastSeen', { when: formatRelativeTime(session.lastSeenAt, i18n.language) })} ·{' '}
          {t('accountSessions.signedInOn', { date: signedIn })}
        </p>
      </div>
      {session.current ? (
        // The name is the visible text ("Sign out"); "This device" describes it.
        <Button type="button" variant="secondary" size="sm" className="ml-auto" disabled={busy} onClick={onSignOutHere} aria-describedby={badgeId}>
          <LogOut aria-hidden="true" />
          {t('accountSessions.signOut')}
        </Button>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="ml-auto"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(
              { id: session.id },
              { onSuccess: () => toast.success(t('accountSessions.revoked', { device: label })), onError: (error) => toast.error(t(accountErrorKey(error))) },
            )
          }
          aria-label={t('accountSessions.signOutLabel', { device: label })}
        >
          {revoke.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
          {t('accountSessions.signOut')}
        </Button>
      )}
    </li>
  );
}

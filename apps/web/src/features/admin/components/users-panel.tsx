import { adminCreditsGrantInputSchema, adminUsersListInputSchema, type AdminUser, type Role } from '@curio/contract';
import { Coins, IdCard, Search, ShieldCheck, UserCog } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, everyCode, setServerErrors, typedNumber, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useAdminUsers, useGrantCredits, useUpdateAdminUser } from '../api/admin-users';
import { CreditHistory } from './credit-history';
import { UserDetailDialog } from './user-detail-dialog';

const ROLE_OPTIONS: Role[] = ['moderator', 'admin'];

function Badge({ tone, children }: { tone: 'accent' | 'muted' | 'danger'; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone === 'accent' && 'bg-accent-soft text-accent-soft-foreground',
        tone === 'muted' && 'bg-surface-sunken text-muted-foreground',
        tone === 'danger' && 'bg-danger-bg text-danger-fg',
      )}
    >
      {children}
    </span>
  );
}

function UserBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-1">
      {user.suspended ? <Badge tone="danger">{t('adminPanel.users.suspendedBadge')}</Badge> : null}
      {user.roles.map((role) => (
        <Badge key={role} tone="accent">
          {t(`adminPanel.users.roles.${role}`)}
        </Badge>
      ))}
      {user.tester ? <Badge tone="muted">{t('adminPanel.users.testerBadge')}</Badge> : null}
      {!user.suspended && !user.roles.length && !user.tester ? <span className="text-sm text-muted-foreground">—</span> : null}
    </div>
  );
}

function UserName({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="truncate font-semibold" data-testid="admin-user-handle">
        {user.handle ? `@${user.handle}` : t('adminPanel.users.noProfile')}
      </span>
      <span className="truncate text-sm text-muted-foreground">{user.email}</span>
    </div>
  );
}

/** The contract's grant rules, on what is typed: a whole number other than 0 within the limit, and a reason. */
const grantFormSchema = adminCreditsGrantInputSchema.pick({ reason: true }).extend({
  amount: typedNumber(adminCreditsGrantInputSchema.shape.amount),
});
const GRANT_KEYS: FormKeys = { amount: everyCode('adminPanel.users.amountRule'), reason: everyCode('errors.required') };
/** The search box (the contract's rule of the list's query): searched also a moment after typing stops. */
const searchFormSchema = adminUsersListInputSchema.pick({ q: true });

/** Roles, tester flag, credits and suspension of one user, in a dialog. */
function ManageUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateAdminUser();
  const grant = useGrantCredits();
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const form = useZodForm(grantFormSchema, { keys: GRANT_KEYS, defaultValues: { amount: '', reason: '' } });
  const errors = { amount: errorText(t, form.formState.errors.amount), reason: errorText(t, form.formState.errors.reason) };
  const name = user.handle ? `@${user.handle}` : user.email;

  const change = (input: { roles?: Role[]; tester?: boolean; suspended?: boolean }, done: string) =>
    update.mutate(
      { userId: user.id, ...input },
      { onSuccess: () => toast.success(t(done, { name })), onError: (error) => toast.error(t(errorMessageKey(error))) },
    );

  const submitGrant = form.handleSubmit(({ amount: n, reason }) => {
    // The balance the dialog shows: a grant may not take it below zero.
    if (user.credits + n < 0) return form.setError('amount', { message: 'errors.credits_below_zero' });
    grant.mutate(
      { userId: user.id, amount: n, reason },
      {
        onSuccess: (data) => {
          toast.success(t('adminPanel.users.granted', { count: n, name, balance: data.user.credits }));
          form.reset();
        },
        onError: (error) => {
          setServerErrors(error, form.setError, GRANT_KEYS, ['amount', 'reason']);
          if (isApiError(error) && error.code === 'credits_below_zero') form.setError('amount', { message: 'errors.credits_below_zero' });
          toast.error(t(errorMessageKey(error)));
        },
      },
    );
  });
  const f = (n: string) => `${id}-${n}`;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-h-[90dvh] overflow-y-auto" data-testid="admin-user-dialog">
        <DialogTitle>{t('adminPanel.users.manageTitle', { name })}</DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
        <div className="grid gap-6">
          <section className="grid gap-3" aria-labelledby={f('roles')}>
            <h3 id={f('roles')} className="font-semibold">
              {t('adminPanel.users.rolesTitle')}
            </h3>
            {ROLE_OPTIONS.map((role) => (
              <div key={role} className="flex min-h-11 items-center justify-between gap-3">
                <label htmlFor={f(role)} className="grid gap-0.5">
                  <span className="text-sm font-medium">{t(`adminPanel.users.roles.${role}`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`adminPanel.users.roleHints.${role}`)}</span>
                </label>
                <Switch
                  id={f(role)}
                  checked={user.roles.includes(role)}
                  disabled={update.isPending}
                  data-testid={`admin-user-role-${role}`}
                  onCheckedChange={(on) =>
                    change({ roles: on ? [...new Set([...user.roles, role])] : user.roles.filter((r) => r !== role) }, 'adminPanel.users.rolesSaved')
                  }
                />
              </div>
            ))}
            <div className="flex min-h-11 items-center justify-between gap-3">
              <label htmlFor={f('tester')} className="grid gap-0.5">
                <span className="text-sm font-medium">{t('adminPanel.users.tester')}</span>
                <span className="text-sm text-muted-foreground">{t('adminPanel.users.testerHint')}</span>
              </label>
              <Switch
                id={f('tester')}
                checked={user.tester}
                disabled={update.isPending}
                data-testid="admin-user-tester"
                onCheckedChange={(on) => change({ tester: on }, 'adminPanel.users.testerSaved')}
              />
            </div>
          </section>

          <section className="grid gap-3 border-t border-border pt-5" aria-labelledby={f('credits')}>
            <h3 id={f('credits')} className="flex items-center justify-between gap-2 font-semibold">
              {t('adminPanel.users.creditsTitle')}
              <span className="text-sm font-normal text-muted-foreground tabular-nums" data-testid="admin-user-balance">
                {t('adminPanel.users.balance', { count: user.credits })}
              </span>
            </h3>
            <form onSubmit={submitGrant} noValidate className="grid gap-4 sm:grid-cols-[8rem_1fr]" data-testid="admin-credits-form">
              <Field id={f('amount')} label={t('adminPanel.users.amount')} error={errors.amount}>
                <Input
                  id={f('amount')}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  {...form.register('amount')}
                  aria-invalid={!!errors.amount || undefined}
                  aria-describedby={fieldDescribedBy(f('amount'), { error: errors.amount })}
                  data-testid="admin-credits-amount"
                />
              </Field>
              <Field id={f('reason')} label={t('adminPanel.users.reason')} hint={t('adminPanel.users.reasonHint')} error={errors.reason}>
                <Input
                  id={f('reason')}
                  maxLength={200}
                  {...form.register('reason')}
                  aria-invalid={!!errors.reason || undefined}
                  aria-describedby={fieldDescribedBy(f('reason'), { error: errors.reason, hint: true })}
                  data-testid="admin-credits-reason"
                />
              </Field>
              <div className="sm:col-span-2">
                <Button type="submit" disabled={grant.isPending} data-testid="admin-credits-submit">
                  <Coins aria-hidden="true" />
                  {t('adminPanel.users.grant')}
                </Button>
              </div>
            </form>
            <h4 id={f('history')} className="pt-2 text-sm font-semibold">
              {t('adminPanel.users.history')}
            </h4>
            <CreditHistory userId={user.id} labelledBy={f('history')} />
          </section>

          <section className="grid gap-3 border-t border-border pt-5" aria-labelledby={f('suspension')}>
            <h3 id={f('suspension')} className="font-semibold">
              {t('adminPanel.users.suspensionTitle')}
            </h3>
            <p className="text-sm text-muted-foreground">{user.suspended ? t('adminPanel.users.suspendedText') : t('adminPanel.users.activeText')}</p>
            <div>
              {user.suspended ? (
                <Button
                  variant="secondary"
                  disabled={update.isPending}
                  onClick={() => change({ suspended: false }, 'adminPanel.users.reactivated')}
                  data-testid="admin-user-reactivate"
                >
                  {t('adminPanel.users.reactivate')}
                </Button>
              ) : (
                <Button variant="danger" disabled={update.isPending} onClick={() => setConfirmSuspend(true)} data-testid="admin-user-suspend">
                  {t('adminPanel.users.suspend')}
                </Button>
              )}
            </div>
          </section>
        </div>
      </DialogContent>
      <ConfirmDialog
        open={confirmSuspend}
        onOpenChange={setConfirmSuspend}
        title={t('adminPanel.users.suspendConfirmTitle', { name })}
        description={t('adminPanel.users.suspendConfirmText')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('adminPanel.users.suspend')}
        onConfirm={() => change({ suspended: true }, 'adminPanel.users.suspended')}
        confirmTestId="admin-user-suspend-confirm"
      />
    </Dialog>
  );
}

/** The admin panel's Users section: search, paging, and per-user roles, tester flag, credits and suspension. */
export function UsersPanel() {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const search = useZodForm(searchFormSchema, { defaultValues: { q: '' } });
  const input = search.watch('q') ?? '';
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(input);
  useEffect(() => {
    const timer = setTimeout(() => setQ(deferred.trim()), 300);
    return () => clearTimeout(timer);
  }, [deferred]);
  const list = useAdminUsers(q);
  const [managingId, setManagingId] = useState<string | null>(null);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const managing = users.find((u) => u.id === managingId) ?? null;
  const [detailId, setDetailId] = useState<string | null>(null);
  const detailUser = users.find((u) => u.id === detailId) ?? null;
  const dateFmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const manageButton = (user: AdminUser) => (
    <div className="flex flex-wrap gap-2 md:justify-end">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setDetailId(user.id)}
        aria-label={t('adminAccounts.openOne', { name: user.handle ? `@${user.handle}` : user.email })}
        data-testid="admin-user-details"
      >
        <IdCard aria-hidden="true" />
        {t('adminAccounts.open')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setManagingId(user.id)}
        aria-label={t('adminPanel.users.manageOne', { name: user.handle ? `@${user.handle}` : user.email })}
        data-testid="admin-user-manage"
      >
        <UserCog aria-hidden="true" />
        {t('adminPanel.users.manage')}
      </Button>
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('adminPanel.users.title')}</CardTitle>
        <CardDescription>{t('adminPanel.users.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form role="search" onSubmit={search.handleSubmit((values) => setQ(values.q ?? ''))} className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {t('adminPanel.users.search')}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t('adminPanel.users.searchPlaceholder')}
            {...search.register('q')}
            maxLength={100}
            data-testid="admin-users-search"
          />
        </form>

        {list.error && !list.data ? (
          <InlineErrorFallback message={t(errorMessageKey(list.error))} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <div role="status" aria-label={t('common.loading')} className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : users.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border-strong p-8 text-center text-muted-foreground" data-testid="admin-users-empty">
            {q ? t('adminPanel.users.noMatch', { q }) : t('adminPanel.users.none')}
          </p>
        ) : (
          <>
            {/* Phone: one card per user. */}
            <ul className="grid gap-3 md:hidden" aria-label={t('adminPanel.users.title')}>
              {users.map((user) => (
                <li key={user.id} className="grid gap-3 rounded-xl border border-border bg-surface p-4" data-testid="admin-user-row">
                  {/* The name on a line of its own: beside the buttons a handle of 20 characters was cut short. */}
                  <UserName user={user} />
                  {manageButton(user)}
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-muted-foreground">{t('adminPanel.users.columns.items')}</dt>
                      <dd className="tabular-nums">{user.itemCount}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">{t('adminPanel.users.columns.credits')}</dt>
                      <dd className="tabular-nums">{user.credits}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">{t('adminPanel.users.columns.joined')}</dt>
                      <dd>{dateFmt.format(new Date(user.createdAt))}</dd>
                    </div>
                  </dl>
                  {user.suspended || user.roles.length || user.tester ? <UserBadges user={user} /> : null}
                </li>
              ))}
            </ul>
            {/* Wider screens: a table. */}
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left">
                <caption className="sr-only">{t('adminPanel.users.title')}</caption>
                <thead className="sticky top-0 bg-surface text-sm text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('adminPanel.users.columns.user')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('adminPanel.users.columns.joined')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      {t('adminPanel.users.columns.items')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      {t('adminPanel.users.columns.credits')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('adminPanel.users.columns.status')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t('adminPanel.users.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <tr key={user.id} className="border-t border-border align-middle" data-testid="admin-user-row">
                      <td className="max-w-72 py-3 pr-3">
                        <UserName user={user} />
                      </td>
                      <td className="py-3 pr-3 text-sm whitespace-nowrap">{dateFmt.format(new Date(user.createdAt))}</td>
                      <td className="py-3 pr-3 text-right text-sm tabular-nums">{user.itemCount}</td>
                      <td className="py-3 pr-3 text-right text-sm tabular-nums" data-testid="admin-user-credits">
                        {user.credits}
                      </td>
                      <td className="py-3 pr-3">
                        <UserBadges user={user} />
                      </td>
                      <td className="py-3 text-right">{manageButton(user)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.hasNextPage ? (
              <div className="flex justify-center">
                <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="admin-users-more">
                  {list.isFetchingNextPage ? t('common.loading') : t('adminPanel.users.more')}
                </Button>
              </div>
            ) : null}
          </>
        )}
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('adminPanel.users.selfNote')}
        </p>
      </CardContent>
      {managing ? <ManageUserDialog key={managing.id} user={managing} onClose={() => setManagingId(null)} /> : null}
      {detailUser ? <UserDetailDialog key={detailUser.id} user={detailUser} onClose={() => setDetailId(null)} /> : null}
    </Card>
  );
}

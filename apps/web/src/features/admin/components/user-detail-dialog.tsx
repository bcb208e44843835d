import type { AdminFactor, AdminUser, AdminUserDetail } from '@curio/contract';
import { ADMIN_SIGN_IN_LINK_MINUTES, adminUserDeleteInputSchema } from '@curio/contract';
import { Copy, Fingerprint, KeyRound, Link2, Smartphone, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';
import { errorText, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useAdminUserDetail, useDeleteAdminUser, useRemoveFactor, useSignInLink } from '../api/admin-accounts';

const FACTOR_ICONS = { totp: KeyRound, phone: Smartphone, webauthn: Fingerprint } as const;

function Pill({ tone, children }: { tone: 'accent' | 'muted' | 'danger' | 'ok'; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone === 'accent' && 'bg-accent-soft text-accent-soft-foreground',
        tone === 'muted' && 'bg-surface-sunken text-muted-foreground',
        tone === 'danger' && 'bg-danger-bg text-danger-fg',
        tone === 'ok' && 'bg-surface-sunken text-foreground',
      )}
    >
      {children}
    </span>
  );
}

function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('grid gap-3 border-t border-border pt-5', className)} aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Fact({ label, children, testId, className }: { label: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-0.5', className)}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The sign-in link, once made: shown to copy; it works once, until it expires. */
function SignInLinkBox({ url, expiresAt }: { url: string; expiresAt: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(expiresAt));
  const copy = () =>
    void navigator.clipboard?.writeText(url).then(
      () => toast.success(t('adminAccounts.link.copied')),
      () => toast.error(t('adminAccounts.link.copyFailed')),
    );
  return (
    <div className="grid gap-2 rounded-xl border border-accent/40 bg-accent-soft/40 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t('adminAccounts.link.label')}
      </label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 font-mono text-sm"
          data-testid="admin-sign-in-link"
        />
        <Button variant="secondary" onClick={copy} data-testid="admin-sign-in-link-copy">
          <Copy aria-hidden="true" />
          {t('adminAccounts.link.copy')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('adminAccounts.link.validUntil', { time, minutes: ADMIN_SIGN_IN_LINK_MINUTES })}</p>
    </div>
  );
}

function FactorRow({ factor, onRemove, busy }: { factor: AdminFactor; onRemove: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const Icon = FACTOR_ICONS[factor.kind];
  const kind = t(`adminAccounts.factors.kinds.${factor.kind}`);
  const name = factor.name || kind;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border p-3" data-testid="admin-factor">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">{name}</span>
        {factor.name || factor.createdAt || !factor.verified ? (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            {factor.name ? <span>{kind}</span> : null}
            {factor.createdAt ? (
              <span>
                {factor.name ? '· ' : ''}
                {t('adminAccounts.factors.added', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(factor.createdAt)) })}
              </span>
            ) : null}
            {factor.verified ? null : <Pill tone="muted">{t('adminAccounts.factors.unverified')}</Pill>}
          </span>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={onRemove}
        aria-label={t('adminAccounts.factors.removeOne', { name })}
        data-testid="admin-factor-remove"
      >
        <Trash2 aria-hidden="true" />
        {t('adminAccounts.factors.remove')}
      </Button>
    </li>
  );
}

/** The account's email address typed again (any case), by the contract's rule of the confirmation. */
const deleteFormSchema = (email: string) =>
  adminUserDeleteInputSchema
    .pick({ confirm: true })
    .refine((v) => v.confirm.toLowerCase() === email.toLowerCase(), { path: ['confirm'], params: { fieldCode: 'mismatch' } });
const DELETE_KEYS: FormKeys = { confirm: { required: 'adminAccounts.delete.mismatch', mismatch: 'adminAccounts.delete.mismatch' } };

function DetailBody({ user, onDeleted }: { user: AdminUserDetail; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const f = (n: string) => `${id}-${n}`;
  const auth = useAuth();
  const removeFactor = useRemoveFactor(user.id);
  const link = useSignInLink(user.id);
  const del = useDeleteAdminUser();
  const [removing, setRemoving] = useState<AdminFactor | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteSchema = useMemo(() => deleteFormSchema(user.email), [user.email]);
  const deleteForm = useZodForm(deleteSchema, { keys: DELETE_KEYS, defaultValues: { confirm: '' } });
  const typed = deleteForm.watch('confirm');
  const deleteError = errorText(t, deleteForm.formState.errors.confirm);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const fmt = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : null);
  const self = auth.user?.id === user.id;
  const name = user.handle ? `@${user.handle}` : user.email;
  const methods = user.signInMethods;
  const matches = deleteSchema.safeParse({ confirm: typed }).success;

  const remove = (factor: AdminFactor) =>
    removeFactor.mutate(factor.id, {
      onSuccess: (data) =>
        toast.success(
          t(data.twoFactorEnabled ? 'adminAccounts.factors.removed' : 'adminAccounts.factors.removedOff', {
            name: factor.name || t(`adminAccounts.factors.kinds.${factor.kind}`),
          }),
        ),
      onError: (error) => toast.error(t(errorMessageKey(error))),
    });

  const submitDelete = deleteForm.handleSubmit(({ confirm }) => {
    del.mutate(
      { userId: user.id, confirm },
      {
        onSuccess: () => {
          toast.success(t('adminAccounts.delete.done', { name }));
          setConfirmDelete(false);
          onDeleted();
        },
        onError: (error) => {
          if (!setServerErrors(error, deleteForm.setError, DELETE_KEYS, ['confirm'])) toast.error(t(errorMessageKey(error)));
        },
      },
    );
  });

  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3" data-testid="admin-user-facts">
        <Fact label={t('adminAccounts.facts.email')} className="col-span-2 sm:col-span-3">
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            <Pill tone={user.emailVerified ? 'ok' : 'muted'}>
              {user.emailVerified ? t('adminAccounts.facts.verified') : t('adminAccounts.facts.unverified')}
            </Pill>
          </span>
        </Fact>
        <Fact label={t('adminAccounts.facts.joined')}>{fmt(user.createdAt)}</Fact>
        <Fact label={t('adminAccounts.facts.lastSignIn')} testId="admin-user-last-sign-in">
          {fmt(user.lastSignInAt) ?? t('adminAccounts.facts.none')}
        </Fact>
        <Fact label={t('adminAccounts.facts.sessions')} testId="admin-user-sessions">
          {user.activeSessions}
        </Fact>
        <Fact label={t('adminAccounts.facts.items')}>{user.itemCount}</Fact>
        <Fact label={t('adminAccounts.facts.credits')}>{user.credits}</Fact>
        <Fact label={t('adminAccounts.facts.roles')}>
          {user.roles.length ? user.roles.map((r) => t(`adminPanel.users.roles.${r}`)).join(', ') : t('adminAccounts.facts.noRoles')}
        </Fact>
        <Fact label={t('adminAccounts.facts.tester')}>{user.tester ? t('adminAccounts.yes') : t('adminAccounts.no')}</Fact>
        <Fact label={t('adminAccounts.facts.status')} testId="admin-user-status">
          {user.suspended ? (
            <span className="grid gap-1">
              <span>
                <Pill tone="danger">{t('adminPanel.users.suspendedBadge')}</Pill>
              </span>
              {user.suspendedReason ? <span className="text-muted-foreground">{user.suspendedReason}</span> : null}
            </span>
          ) : (
            t('adminAccounts.facts.active')
          )}
          {user.deletionScheduledFor ? (
            <span className="mt-1 grid gap-1" data-testid="admin-user-deletion">
              <span>
                <Pill tone="danger">{t('adminAccounts.facts.deletionScheduled')}</Pill>
              </span>
              <span className="text-muted-foreground">{t('adminAccounts.facts.deletionTakesEffect', { date: fmt(user.deletionScheduledFor) })}</span>
            </span>
          ) : null}
        </Fact>
      </dl>

      <Section id={f('methods')} title={t('adminAccounts.methods.title')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3" data-testid="admin-user-methods">
          <Fact label={t('adminAccounts.methods.password')}>{methods.password ? t('adminAccounts.methods.set') : t('adminAccounts.methods.notSet')}</Fact>
          <Fact label={t('adminAccounts.methods.magicLink')}>{t('adminAccounts.methods.available')}</Fact>
          <Fact label={t('adminAccounts.methods.passkeys')}>{methods.passkeys}</Fact>
          <Fact label={t('adminAccounts.methods.wallets')}>
            {methods.wallets.length ? (
              <ul className="grid gap-1">
                {methods.wallets.map((w) => (
                  <li key={`${w.address}-${w.chainId}`} className="font-mono text-xs break-all">
                    {w.address} <span className="text-muted-foreground">({t('adminAccounts.methods.chain', { id: w.chainId })})</span>
                  </li>
                ))}
              </ul>
            ) : (
              t('adminAccounts.facts.none')
            )}
          </Fact>
          <Fact label={t('adminAccounts.methods.identities')}>
            {methods.identities.length ? (
              <ul className="grid gap-1">
                {methods.identities.map((i) => (
                  <li key={`${i.providerId}-${i.accountId}`} className="break-all">
                    {i.providerId} <span className="text-muted-foreground">· {i.accountId}</span>
                  </li>
                ))}
              </ul>
            ) : (
              t('adminAccounts.facts.none')
            )}
          </Fact>
        </dl>
      </Section>

      <Section id={f('factors')} title={t('adminAccounts.factors.title')}>
        <p className="text-sm text-muted-foreground" data-testid="admin-user-two-factor">
          {user.twoFactorEnabled ? t('adminAccounts.factors.on') : t('adminAccounts.factors.off')}
        </p>
        {user.factors.length ? (
          <ul className="grid gap-2" aria-label={t('adminAccounts.factors.title')}>
            {user.factors.map((factor) => (
              <FactorRow key={factor.id} factor={factor} busy={removeFactor.isPending} onRemove={() => setRemoving(factor)} />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-border-strong p-4 text-center text-sm text-muted-foreground" data-testid="admin-factors-empty">
            {t('adminAccounts.factors.none')}
          </p>
        )}
      </Section>

      <Section id={f('link')} title={t('adminAccounts.link.title')}>
        <p className="text-sm text-muted-foreground">
          {user.suspended ? t('adminAccounts.link.suspended') : t('adminAccounts.link.text', { minutes: ADMIN_SIGN_IN_LINK_MINUTES })}
        </p>
        {link.data ? <SignInLinkBox url={link.data.url} expiresAt={link.data.expiresAt} /> : null}
        <div>
          <Button
            variant="secondary"
            disabled={link.isPending || user.suspended}
            onClick={() => link.mutate(undefined, { onError: (error) => toast.error(t(errorMessageKey(error))) })}
            data-testid="admin-sign-in-link-create"
          >
            <Link2 aria-hidden="true" />
            {link.data ? t('adminAccounts.link.again') : t('adminAccounts.link.create')}
          </Button>
        </div>
      </Section>

      <Section id={f('history')} title={t('adminAccounts.history.title')}>
        {user.actions.length ? (
          <ol className="grid gap-2 text-sm" data-testid="admin-user-history">
            {user.actions.map((a) => (
              <li key={a.id} className="grid gap-0.5">
                <span>
                  <span className="font-medium">{t(`adminAccounts.history.actions.${a.action}`)}</span>
                  {a.note ? <span className="text-muted-foreground"> · {a.note}</span> : null}
                </span>
                <span className="text-muted-foreground">
                  {t('adminAccounts.history.by', { who: a.actorEmail ?? t('adminAccounts.history.formerAdmin'), when: dateTime.format(new Date(a.at)) })}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{t('adminAccounts.history.none')}</p>
        )}
      </Section>

      <Section id={f('delete')} title={t('adminAccounts.delete.title')} className="rounded-b-xl">
        <p className="text-sm text-muted-foreground">{self ? t('adminAccounts.delete.self') : t('adminAccounts.delete.text')}</p>
        <div>
          <Button
            variant="danger"
            disabled={self}
            onClick={() => {
              deleteForm.reset();
              setConfirmDelete(true);
            }}
            data-testid="admin-user-delete"
          >
            <Trash2 aria-hidden="true" />
            {t('adminAccounts.delete.button')}
          </Button>
        </div>
      </Section>

      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('adminAccounts.factors.confirmTitle', { name: removing?.name || (removing ? t(`adminAccounts.factors.kinds.${removing.kind}`) : '') })}
        description={t('adminAccounts.factors.confirmText', { user: name })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('adminAccounts.factors.remove')}
        onConfirm={() => removing && remove(removing)}
        confirmTestId="admin-factor-remove-confirm"
      />

      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            deleteForm.setFocus('confirm');
          }}
        >
          <form onSubmit={submitDelete} noValidate className="grid gap-4" data-testid="admin-user-delete-form">
            <AlertDialogTitle>{t('adminAccounts.delete.confirmTitle', { name })}</AlertDialogTitle>
            <AlertDialogDescription>{t('adminAccounts.delete.confirmText')}</AlertDialogDescription>
            <Field id={f('confirm')} label={t('adminAccounts.delete.typeEmail', { email: user.email })} error={deleteError}>
              <Input
                id={f('confirm')}
                autoComplete="off"
                spellCheck={false}
                {...deleteForm.register('confirm', { onChange: () => deleteForm.clearErrors('confirm') })}
                aria-invalid={!!deleteError || undefined}
                aria-describedby={fieldDescribedBy(f('confirm'), { error: deleteError })}
                data-testid="admin-user-delete-confirm-input"
              />
            </Field>
            <AlertDialogFooter>
              <AlertDialogCancel type="button" className={buttonVariants({ variant: 'secondary' })}>
                {t('common.cancel')}
              </AlertDialogCancel>
              <Button type="submit" variant="danger" disabled={del.isPending || !matches} data-testid="admin-user-delete-confirm">
                {t('adminAccounts.delete.confirmButton')}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** One account in detail, with what an admin may do to it: remove a factor, make a sign-in link, delete it. */
export function UserDetailDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAdminUserDetail(user.id);
  const name = user.handle ? `@${user.handle}` : user.email;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl" data-testid="admin-user-detail">
        <DialogTitle>{t('adminAccounts.title', { name })}</DialogTitle>
        <DialogDescription>{t('adminAccounts.subtitle')}</DialogDescription>
        {detail.error && !detail.data ? (
          <InlineErrorFallback message={t(errorMessageKey(detail.error))} onRetry={() => void detail.refetch()} />
        ) : !detail.data ? (
          <div role="status" aria-label={t('common.loading')} className="grid gap-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <DetailBody user={detail.data.user} onDeleted={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

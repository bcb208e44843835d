import { emailSchema, passwordSchema } from '@curio/contract';
import { BadgeCheck, KeyRound, Loader2, Mail, MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { CONTRACT_KEYS, errorText, filled, useZodForm, type FormKeys } from '@/lib/form';
import { useChangeEmail, useChangePassword, useHasPassword, useResendVerification, useSetPasswordLink } from '../api/email-password';
import { accountErrorKey } from '../utils/account-errors';
import { AccountSection } from './account-section';

const SENT = 'flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground';
const FAILED = 'rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg';

const KEYS: FormKeys = {
  newEmail: { ...CONTRACT_KEYS.email, unchanged: 'accountEmail.errors.sameEmail' },
  current: { required: 'validation.required' },
  next: CONTRACT_KEYS.password,
};

/** A new address: required, the contract's email rule, and not the current one (any case). */
const newEmailFormSchema = (current: string) =>
  z.object({
    newEmail: filled(emailSchema).refine((email) => email.toLowerCase() !== current.toLowerCase(), { params: { fieldCode: 'unchanged' } }),
  });

/** The current password as typed, and a new one by the contract's rule. */
const changePasswordFormSchema = z.object({ current: filled(z.string(), { trim: false }), next: filled(passwordSchema, { trim: false }) });

/** /settings/account: the address (verified or not), changing it, and the password. */
export function EmailPasswordSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useLinkOutcome();
  if (!user) return null;
  return (
    <AccountSection id="email-password" testId="email-password-section" icon={Mail} title={t('accountEmail.title')} description={t('accountEmail.description')}>
      <AddressStatus email={user.email} verified={user.emailVerified} />
      <ChangeEmailForm current={user.email} />
      <PasswordPart email={user.email} />
    </AccountSection>
  );
}

/** The mailed link brings the person back with `?emailChanged=1` or `?error=CODE`: say how it went, once. */
function useLinkOutcome() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { refreshSession } = useAuth();
  const changed = params.get('emailChanged');
  const verified = params.get('emailVerified');
  const error = params.get('error');
  useEffect(() => {
    if (!changed && !verified && !error) return;
    if (error) toast.error(t('accountEmail.errors.linkInvalid'), { id: 'account-email-link' });
    else if (changed) toast.success(t('accountEmail.changed'), { id: 'account-email-link' });
    else toast.success(t('accountEmail.verified'), { id: 'account-email-link' });
    void refreshSession();
    const next = new URLSearchParams(params);
    for (const key of ['emailChanged', 'emailVerified', 'error']) next.delete(key);
    setParams(next, { replace: true });
  }, [changed, verified, error, params, setParams, refreshSession, t]);
}

function AddressStatus({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm text-muted-foreground">{t('accountEmail.current')}</span>
        <span className="font-medium break-all" data-testid="account-email">
          {email}
        </span>
        {verified ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-soft-foreground"
            data-testid="email-verified"
          >
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            {t('accountEmail.verifiedBadge')}
          </span>
        ) : (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-warning-bg px-2 py-0.5 text-xs font-semibold text-warning-fg"
            data-testid="email-unverified"
          >
            <MailWarning className="size-3.5" aria-hidden="true" />
            {t('accountEmail.unverifiedBadge')}
          </span>
        )}
      </div>
      {!verified ? (
        resend.isSuccess ? (
          <p role="status" className={SENT}>
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('accountEmail.resent', { email })}
          </p>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">{t('accountEmail.unverifiedHelp')}</p>
            <Button type="button" variant="secondary" className="justify-self-start" disabled={resend.isPending} onClick={() => resend.mutate({ email })}>
              {resend.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <MailCheck aria-hidden="true" />}
              {t('accountEmail.resend')}
            </Button>
            {resend.isError ? (
              <p role="alert" className={FAILED}>
                {t(accountErrorKey(resend.error))}
              </p>
            ) : null}
          </div>
        )
      ) : null}
    </div>
  );
}

function ChangeEmailForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const schema = useMemo(() => newEmailFormSchema(current), [current]);
  const form = useZodForm(schema, { keys: KEYS, defaultValues: { newEmail: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = 'account-new-email';

  const submit = form.handleSubmit(({ newEmail }) => {
    if (change.isPending) return;
    change.mutate({ newEmail }, { onSuccess: () => setSentTo(newEmail) });
  });
  const error = errorText(t, form.formState.errors.newEmail);

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 border-t border-border pt-5" aria-labelledby={`${id}-title`} aria-busy={change.isPending}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('accountEmail.changeTitle')}
      </h3>
      <p id={`${id}-about`} className="-mt-1 text-sm text-muted-foreground">
        {t('accountEmail.changeHint')}
      </p>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <Field id={id} label={t('accountEmail.newEmail')} error={error} className="content-start">
          <Input
            id={id}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            {...form.register('newEmail')}
            aria-invalid={!!error}
            aria-describedby={[fieldDescribedBy(id, { error }), `${id}-about`].filter(Boolean).join(' ')}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={change.isPending} className="sm:mt-[1.375rem]">
          {change.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Mail aria-hidden="true" />}
          {t('accountEmail.changeSubmit')}
        </Button>
      </div>
      {sentTo && !change.isError ? (
        <p role="status" className={SENT} data-testid="email-change-sent">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('accountEmail.changeSent', { email: sentTo })}
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className={FAILED}>
          {t(accountErrorKey(change.error))}
        </p>
      ) : null}
    </form>
  );
}

function PasswordPart({ email }: { email: string }) {
  const { t } = useTranslation();
  const hasPassword = useHasPassword();
  return (
    <div className="grid gap-3 border-t border-border pt-5">
      <h3 className="font-semibold" id="account-password-title">
        {t('accountEmail.passwordTitle')}
      </h3>
      {hasPassword.data === undefined ? (
        hasPassword.isError ? (
          <div role="alert" className={`${FAILED} flex flex-wrap items-center justify-between gap-3`}>
            {t('accountEmail.errors.generic')}
            <Button variant="secondary" size="sm" onClick={() => void hasPassword.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <div role="status" aria-label={t('common.loading')}>
            <Skeleton className="h-24 w-full rounded-lg" />
          </div>
        )
      ) : hasPassword.data ? (
        <ChangePasswordForm />
      ) : (
        <SetPasswordOffer email={email} />
      )}
    </div>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, { keys: KEYS, defaultValues: { current: '', next: '' } });
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (change.isPending) {
      event.preventDefault();
      return;
    }
    setDone(false);
    void form.handleSubmit(({ current, next }) => {
      change.mutate(
        { currentPassword: current, newPassword: next },
        {
          onSuccess: () => {
            form.reset();
            setDone(true);
          },
        },
      );
    })(event);
  };
  const currentError = errorText(t, form.formState.errors.current);
  const nextError = errorText(t, form.formState.errors.next);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="account-password-title" aria-busy={change.isPending}>
      <p className="text-sm text-muted-foreground">{t('accountEmail.passwordHelp')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="account-current-password" label={t('accountEmail.currentPassword')} error={currentError} className="content-start">
          <Input
            type="password"
            autoComplete="current-password"
            {...form.register('current')}
            {...fieldControlProps('account-current-password', { error: currentError })}
          />
        </Field>
        <Field id="account-new-password" label={t('accountEmail.newPassword')} error={nextError} hint={t('auth.passwordHint')} className="content-start">
          <Input
            type="password"
            autoComplete="new-password"
            {...form.register('next')}
            {...fieldControlProps('account-new-password', { error: nextError, hint: true })}
          />
        </Field>
      </div>
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('accountEmail.changePassword')}
      </Button>
      {done ? (
        <p role="status" className={SENT} data-testid="password-changed">
          <BadgeCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('accountEmail.passwordChanged')}
        </p>
      ) : null}
      {change.isError ? (
        <p role="alert" className={FAILED}>
          {t(accountErrorKey(change.error))}
        </p>
      ) : null}
    </form>
  );
}

function SetPasswordOffer({ email }: { email: string }) {
  const { t } = useTranslation();
  const send = useSetPasswordLink();
  return (
    <div className="grid gap-3" data-testid="set-password-offer">
      <p className="text-sm text-muted-foreground">{t('accountEmail.noPassword')}</p>
      {send.isSuccess ? (
        <p role="status" className={SENT}>
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('accountEmail.setPasswordSent', { email })}
        </p>
      ) : (
        <Button type="button" variant="secondary" className="justify-self-start" disabled={send.isPending} onClick={() => send.mutate({ email })}>
          {send.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {t('accountEmail.setPassword')}
        </Button>
      )}
      {send.isError ? (
        <p role="alert" className={FAILED}>
          {t(accountErrorKey(send.error))}
        </p>
      ) : null}
    </div>
  );
}

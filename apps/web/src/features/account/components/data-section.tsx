import { DELETION_GRACE_DAYS, EXPORT_TTL_DAYS } from '@curio/contract';
import { Archive, Download, Fingerprint, Loader2, Mail, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { CARRY_ACROSS_NAVIGATION } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';
import { useZodForm, type FormKeys } from '@/lib/form';
import { browserSupportsPasskeys, webAuthnErrorKey } from '@/lib/webauthn-errors';
import { useAccountDataStatus, useRequestDeletion, useRequestExport, useSendDeletionCode, type AccountDataStatus } from '../api/account-data';
import { usePasskeys } from '../api/passkeys';
import { AccountSection } from './account-section';
import { FormattedInput } from '@/components/forms/formatted-input';

const ALERT = 'rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg';

function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return {
    date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)),
    size: (bytes: number) =>
      bytes < 1024 * 1024
        ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))
        : new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1024 / 1024),
  };
}

/** The error's text: this section's own words for its codes, the shared catalog for the rest. */
function errorText(t: (key: string) => string, error: unknown) {
  if (isApiError(error) && error.code === 'confirmation_invalid') return t('accountData.delete.confirmationInvalid');
  if (isApiError(error) && error.code === 'rate_limited') return t('accountData.rateLimited');
  return t(errorMessageKey(error));
}

/** /settings/account: download my data (an archive built in the background), and delete my account. */
export function DataSection() {
  const { t } = useTranslation();
  const status = useAccountDataStatus();

  return (
    <AccountSection id="data" testId="data-section" icon={Archive} title={t('accountData.title')} description={t('accountData.description')}>
      {status.error && !status.data ? (
        <div role="alert" className={`flex flex-wrap items-center justify-between gap-3 ${ALERT}`}>
          {t('accountData.loadFailed')}
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : !status.data ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-2">
          <Skeleton className="h-24 w-full rounded-lg" />
          <Skeleton className="h-24 w-full rounded-lg" />
        </div>
      ) : (
        <>
          <ExportPart status={status.data} />
          <DeletePart hasPassword={status.data.hasPassword} />
        </>
      )}
    </AccountSection>
  );
}

function ExportPart({ status }: { status: AccountDataStatus }) {
  const { t } = useTranslation();
  const format = useFormats();
  const request = useRequestExport();
  const headingId = useId();
  const state = status.export;

  const ask = () => {
    if (request.isPending) return;
    request.mutate(undefined, { onSuccess: () => toast.success(t('accountData.export.requested')) });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="export-part">
      <h3 id={headingId} className="font-semibold">
        {t('accountData.export.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('accountData.export.what', { days: EXPORT_TTL_DAYS })}</p>
      <div role="status" aria-live="polite" className="grid gap-3" data-testid="export-state" data-state={state.state}>
        {state.state === 'preparing' ? (
          <p className="flex items-center gap-2 rounded-lg bg-surface-sunken px-3.5 py-2.5 text-sm">
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            {t('accountData.export.preparing')}
          </p>
        ) : state.state === 'ready' && state.expiresAt ? (
          <p className="rounded-lg bg-surface-sunken px-3.5 py-2.5 text-sm">
            {t('accountData.export.ready', { date: format.date(state.expiresAt) })}
            {state.bytes ? <span className="text-muted-foreground"> · {format.size(state.bytes)}</span> : null}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {state.state === 'ready' && state.url ? (
          <a href={state.url} download className={buttonVariants({ variant: 'primary' })} data-testid="export-download">
            <Download aria-hidden="true" />
            {t('accountData.export.download')}
          </a>
        ) : null}
        {state.state !== 'preparing' ? (
          <Button variant={state.state === 'ready' ? 'secondary' : 'primary'} onClick={ask} disabled={request.isPending} data-testid="export-request">
            {request.isPending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : state.state === 'ready' ? (
              <RefreshCw aria-hidden="true" />
            ) : (
              <Archive aria-hidden="true" />
            )}
            {state.state === 'ready' ? t('accountData.export.again') : t('accountData.export.request')}
          </Button>
        ) : null}
      </div>
      {request.error ? (
        <p role="alert" className={ALERT}>
          {errorText(t, request.error)}
        </p>
      ) : null}
    </section>
  );
}

function DeletePart({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  // With a passkey, the dialog also offers to confirm with it (a fresh passkey sign-in).
  const passkeys = usePasskeys();
  const hasPasskey = (passkeys.data?.length ?? 0) > 0 && browserSupportsPasskeys();
  const consequences = (['content', 'marks', 'comments', 'grace'] as const).map((key) => t(`accountData.delete.effects.${key}`, { days: DELETION_GRACE_DAYS }));

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-border pt-6" data-testid="delete-part">
      <h3 id={headingId} className="font-semibold text-danger">
        {t('accountData.delete.title')}
      </h3>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground" aria-label={t('accountData.delete.consequences')}>
        {consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-open">
          <Trash2 aria-hidden="true" />
          {t('accountData.delete.open')}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('common.close')} data-testid="delete-dialog">
          <DialogTitle>{t('accountData.delete.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('accountData.delete.dialogDescription', { days: DELETION_GRACE_DAYS })}</DialogDescription>
          {open ? <DeleteForm hasPassword={hasPassword} hasPasskey={hasPasskey} onCancel={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** The password as typed, or the mailed code (digits only), whichever confirms the deletion: required. */
const passwordConfirmSchema = z.object({ password: z.string().min(1), code: z.string() });
const codeConfirmSchema = z.object({ password: z.string(), code: z.string().trim().min(1) });
const DELETE_KEYS: FormKeys = {
  password: { required: 'accountData.delete.passwordRequired' },
  code: { required: 'accountData.delete.codeRequired' },
};

function DeleteForm({ hasPassword, hasPasskey, onCancel }: { hasPassword: boolean; hasPasskey: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { signOut, user, refreshSession } = useAuth();
  const remove = useRequestDeletion();
  const sendCode = useSendDeletionCode();
  const [useCode, setUseCode] = useState(!hasPassword);
  const form = useZodForm(useCode ? codeConfirmSchema : passwordConfirmSchema, { keys: DELETE_KEYS, defaultValues: { password: '', code: '' } });
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const fieldId = useCode ? 'delete-code' : 'delete-password';
  const missing = form.formState.errors[useCode ? 'code' : 'password']?.message;
  const error = missing ? t(missing) : remove.error && remove.variables?.via !== 'passkey' ? errorText(t, remove.error) : null;

  const submit = form.handleSubmit(({ password, code }) => {
    if (remove.isPending) return;
    setPasskeyError(null);
    remove.mutate(useCode ? { code } : { password }, { onSuccess: (result) => void scheduled(result) });
  });

  const scheduled = async ({ scheduledFor }: { scheduledFor: string }) => {
    toast.success(t('accountData.delete.scheduled', { date: format.date(scheduledFor) }), {
      id: `${CARRY_ACROSS_NAVIGATION}deletion-scheduled`,
      duration: 10_000,
    });
    // Every session ended on the server; this tab forgets its own.
    await signOut().catch(() => undefined);
  };

  /**
   * Signs in again with one of this account's passkeys (the browser offers only those), then asks for
   * the deletion: the server accepts it from a session that a passkey began moments ago.
   */
  const confirmWithPasskey = async () => {
    if (passkeyPending || remove.isPending) return;
    setPasskeyPending(true);
    setPasskeyError(null);
    form.clearErrors();
    remove.reset();
    try {
      const client = await loadAuthClient();
      const result = await client.signIn.passkey();
      if (result?.error) throw toAuthError(result.error);
      if (result?.data && 'user' in result.data && (result.data.user as { id?: string }).id !== user?.id) {
        // The browser is now signed in to that other account: the page follows it, nothing is deleted.
        setPasskeyError('accountData.delete.passkeyOtherAccount');
        void refreshSession();
        return;
      }
    } catch (err) {
      setPasskeyError(webAuthnErrorKey(err));
      return;
    } finally {
      setPasskeyPending(false);
    }
    remove.mutate(
      { via: 'passkey' },
      {
        onSuccess: (result) => void scheduled(result),
        onError: (error) =>
          setPasskeyError(isApiError(error) && error.code === 'confirmation_invalid' ? 'accountData.delete.passkeyInvalid' : errorMessageKey(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-busy={remove.isPending || passkeyPending}>
      {hasPasskey ? (
        <div className="grid gap-3">
          <Button
            type="button"
            variant="secondary"
            className="justify-self-start"
            disabled={passkeyPending || remove.isPending}
            onClick={() => void confirmWithPasskey()}
            aria-describedby={passkeyError ? 'delete-passkey-error' : undefined}
            data-testid="delete-passkey"
          >
            {passkeyPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Fingerprint aria-hidden="true" />}
            {t('accountData.delete.passkey')}
          </Button>
          {passkeyError ? (
            <p id="delete-passkey-error" role="alert" className={ALERT}>
              {t(passkeyError)}
            </p>
          ) : null}
          <div className="flex items-center gap-3 text-sm text-muted-foreground" role="separator">
            <span className="h-px flex-1 bg-border" />
            {t('accountData.delete.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
        </div>
      ) : null}
      {useCode ? (
        <div className="grid gap-3">
          <p className="text-sm">{t('accountData.delete.codeHint')}</p>
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={sendCode.isPending}
              onClick={() => sendCode.mutate(undefined, { onSuccess: () => toast.success(t('accountData.delete.codeSent')) })}
              data-testid="delete-send-code"
            >
              {sendCode.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Mail aria-hidden="true" />}
              {sendCode.isSuccess ? t('accountData.delete.resendCode') : t('accountData.delete.sendCode')}
            </Button>
          </div>
          {sendCode.isSuccess ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t('accountData.delete.codeSent')}
            </p>
          ) : null}
          {sendCode.error ? (
            <p role="alert" className={ALERT}>
              {errorText(t, sendCode.error)}
            </p>
          ) : null}
          <Field id={fieldId} label={t('accountData.delete.codeLabel')} error={error}>
            <FormattedInput
              control={form.control}
              name="code"
              format={(typed) => typed.replace(/\D/g, '').slice(0, 6)}
              id={fieldId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId, { error })}
              data-testid="delete-code"
            />
          </Field>
        </div>
      ) : (
        <Field id={fieldId} label={t('accountData.delete.passwordLabel')} error={error}>
          <Input
            id={fieldId}
            type="password"
            {...form.register('password')}
            autoComplete="current-password"
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy(fieldId, { error })}
            data-testid="delete-password"
          />
        </Field>
      )}
      {hasPassword ? (
        <Button
          type="button"
          variant="link"
          className="justify-self-start px-0"
          onClick={() => {
            setUseCode(!useCode);
            form.clearErrors();
            remove.reset();
          }}
        >
          {useCode ? t('accountData.delete.usePassword') : t('accountData.delete.useCode')}
        </Button>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={remove.isPending} data-testid="delete-confirm">
          {remove.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
          {t('accountData.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}

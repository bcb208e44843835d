import { accountMfaRenameInputSchema, MFA_FACTOR_NAME_MAX, text, type AccountMfaStatus } from '@curio/contract';
import { Check, Copy, Download, KeyRound, Loader2, MessageSquareText, Pencil, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { env } from '@/config/env';
import { errorText, filled, useZodForm, type FormKeys } from '@/lib/form';
import { mfaErrorKey } from '@/lib/mfa-errors';
import {
  secretFromUri,
  useConfirmTotp,
  useDisableTwoFactor,
  useEnableSmsSecondStep,
  useMfaStatus,
  useRegenerateRecoveryCodes,
  useRenameFactor,
  useSendPhoneCode,
  useStartTotp,
  useVerifyPhone,
} from '../api/two-factor';
import { AccountSection, SectionLoadFailed } from './account-section';

/** Six digits from the app or a text message (spaces dropped). */
const sixDigits = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));
const passwordFormSchema = z.object({ password: filled(z.string(), { trim: false }) });
/** The app's name may be left blank (the default name is taken). */
const enrolFormSchema = z.object({ name: text().trim().max(MFA_FACTOR_NAME_MAX), code: sixDigits });
/** A phone number in international form (+ and 8 to 15 digits; spaces, brackets and dashes dropped). */
const phoneFormSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/)),
});
const phoneCodeFormSchema = z.object({ code: sixDigits });
const KEYS: FormKeys = {
  password: { required: 'validation.required' },
  code: { invalid_format: 'authMfa.codeFormat' },
  number: { invalid_format: 'accountMfa.phoneFormat' },
};

type View =
  | { kind: 'idle' }
  | { kind: 'confirm'; action: 'enrol' | 'disable' | 'codes' | 'sms' }
  | { kind: 'enrolling'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; codes: string[] };

/** /settings/account: two-step sign-in (an authenticator app with recovery codes, and a phone for codes by SMS). */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const [view, setView] = useState<View>({ kind: 'idle' });

  return (
    <AccountSection id="two-step" testId="two-factor-section" icon={ShieldCheck} title={t('accountMfa.title')} description={t('accountMfa.description')}>
      {status.error && !status.data ? (
        <SectionLoadFailed message={t('accountMfa.loadFailed')} onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        // Shaped like the section: the state and its button, then the phone part.
        <div role="status" aria-label={t('common.loading')} className="grid gap-6">
          <div className="grid gap-4">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-10 w-56" />
          </div>
          <div className="grid gap-3 border-t border-border pt-6">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-full max-w-md" />
            <Skeleton className="h-10 w-40" />
          </div>
        </div>
      ) : (
        <SectionBody status={status.data} view={view} setView={setView} />
      )}
    </AccountSection>
  );
}

function SectionBody({ status, view, setView }: { status: AccountMfaStatus; view: View; setView: (v: View) => void }) {
  const { t } = useTranslation();
  const idle = () => setView({ kind: 'idle' });

  if (view.kind === 'codes') return <RecoveryCodes codes={view.codes} onDone={idle} />;
  if (view.kind === 'enrolling') return <Enrolment totpURI={view.totpURI} onCancel={idle} onDone={() => setView({ kind: 'codes', codes: view.backupCodes })} />;

  const appOn = status.enabled && !!status.totp?.verified;
  return (
    <>
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="two-factor-state">
        <span className={`inline-block size-2.5 rounded-full ${status.enabled ? 'bg-success' : 'bg-border-strong'}`} aria-hidden="true" />
        {status.enabled ? t('accountMfa.stateOn') : t('accountMfa.stateOff')}
      </p>
      {!status.hasPassword ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-4 text-sm text-muted-foreground">{t('accountMfa.needsPassword')}</p>
      ) : appOn ? (
        <FactorRow name={status.totp?.name ?? null} />
      ) : null}
      {status.hasPassword && view.kind === 'confirm' ? (
        <ConfirmAction action={view.action} onCancel={idle} setView={setView} />
      ) : status.hasPassword ? (
        <div className="flex flex-wrap gap-2">
          {!appOn ? (
            <Button onClick={() => setView({ kind: 'confirm', action: 'enrol' })} data-testid="two-factor-enrol">
              <Smartphone aria-hidden="true" />
              {t('accountMfa.enrol')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setView({ kind: 'confirm', action: 'codes' })} data-testid="two-factor-new-codes">
              <KeyRound aria-hidden="true" />
              {t('accountMfa.newCodes')}
            </Button>
          )}
          {!status.enabled && status.phone?.verified && status.smsAvailable ? (
            <Button variant="secondary" onClick={() => setView({ kind: 'confirm', action: 'sms' })}>
              <MessageSquareText aria-hidden="true" />
              {t('accountMfa.enableSms')}
            </Button>
          ) : null}
          {status.enabled ? (
            <Button variant="ghost" className="text-danger" onClick={() => setView({ kind: 'confirm', action: 'disable' })} data-testid="two-factor-disable">
              {t('accountMfa.disable')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {status.smsAvailable ? <PhoneFactor status={status} /> : null}
    </>
  );
}

/** The authenticator app as a row: its name (renamable). */
function FactorRow({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const rename = useRenameFactor();
  const [editing, setEditing] = useState(false);
  const form = useZodForm(accountMfaRenameInputSchema, { defaultValues: { name: name ?? '' } });
  const draft = form.watch('name');
  const id = 'two-factor-rename';
  const label = name || t('accountMfa.defaultName');

  const save = form.handleSubmit((input) => {
    if (rename.isPending) return;
    rename.mutate(input, {
      onSuccess: () => {
        setEditing(false);
        toast.success(t('accountMfa.renamed'));
      },
    });
  });

  if (editing) {
    return (
      <form onSubmit={save} className="grid gap-3 rounded-lg border border-border p-4" aria-busy={rename.isPending}>
        <Field id={id} label={t('accountMfa.nameLabel')} error={rename.error ? t(mfaErrorKey(rename.error)) : null}>
          <Input
            id={id}
            {...form.register('name')}
            maxLength={MFA_FACTOR_NAME_MAX}
            autoFocus
            aria-describedby={fieldDescribedBy(id, { error: rename.error ? 'x' : null })}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={rename.isPending || !accountMfaRenameInputSchema.safeParse({ name: draft }).success}>
            {t('accountMfa.save')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border px-4 py-3" data-testid="two-factor-factor">
      <div className="flex min-w-0 items-center gap-3">
        <Smartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0">
          <span className="truncate font-medium" data-testid="two-factor-name">
            {label}
          </span>
          <span className="text-sm text-muted-foreground">{t('accountMfa.appKind')}</span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          form.reset({ name: name ?? '' });
          setEditing(true);
        }}
        aria-label={t('accountMfa.renameLabel', { name: label })}
      >
        <Pencil aria-hidden="true" />
        {t('accountMfa.rename')}
      </Button>
    </div>
  );
}

/** A password field that confirms one of the sensitive actions (enrol, new codes, turn off, SMS only). */
function ConfirmAction({ action, onCancel, setView }: { action: 'enrol' | 'disable' | 'codes' | 'sms'; onCancel: () => void; setView: (v: View) => void }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const disable = useDisableTwoFactor();
  const codes = useRegenerateRecoveryCodes();
  const sms = useEnableSmsSecondStep();
  const form = useZodForm(passwordFormSchema, { keys: KEYS, defaultValues: { password: '' } });
  const id = `two-factor-password-${action}`;
  const mutation = { enrol: start, disable, codes, sms }[action];

  const submit = form.handleSubmit(({ password }) => {
    if (mutation.isPending) return;
    if (action === 'enrol') start.mutate({ password }, { onSuccess: (r) => setView({ kind: 'enrolling', ...r }) });
    if (action === 'codes') codes.mutate({ password }, { onSuccess: (list) => setView({ kind: 'codes', codes: list }) });
    if (action === 'disable') disable.mutate({ password }, { onSuccess: () => (toast.success(t('accountMfa.disabled')), onCancel()) });
    if (action === 'sms') sms.mutate({ password }, { onSuccess: () => (toast.success(t('accountMfa.smsEnabled')), onCancel()) });
  });
  const serverError = mutation.error ? t(mfaErrorKey(mutation.error)) : null;
  const error = errorText(t, form.formState.errors.password) ?? serverError;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-lg border border-border bg-surface-sunken/40 p-4"
      aria-busy={mutation.isPending}
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="text-sm font-medium">
        {t(`accountMfa.confirm.${action}`)}
      </p>
      <Field id={id} label={t('accountMfa.passwordLabel')} error={error}>
        <Input
          id={id}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          autoFocus
          aria-invalid={!!error}
          aria-describedby={fieldDescribedBy(id, { error })}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={action === 'disable' ? 'danger' : 'primary'} disabled={mutation.isPending} data-testid="two-factor-confirm">
          {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {t(`accountMfa.confirmSubmit.${action}`)}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The QR code of an otpauth:// URI, drawn in the browser (the qrcode package loads only here). */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QR) => QR.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' })).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="grid size-[200px] place-items-center rounded-lg border border-border bg-white p-1">
      {src ? <img src={src} alt={label} width={192} height={192} data-testid="two-factor-qr" /> : <Skeleton className="size-[192px]" />}
    </div>
  );
}

function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true);
            toast.success(t('accountMfa.copied'));
          },
          () => toast.error(t('accountMfa.copyFailed')),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** Step two of enrolment: scan (or type the secret), name the factor, confirm with a first code. */
function Enrolment({ totpURI, onCancel, onDone }: { totpURI: string; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const form = useZodForm(enrolFormSchema, { keys: KEYS, defaultValues: { name: t('accountMfa.defaultName'), code: '' } });
  const secret = secretFromUri(totpURI);
  const grouped = secret.replace(/(.{4})/g, '$1 ').trim();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = form.handleSubmit(({ code, name }) => {
    if (confirm.isPending) return;
    confirm.mutate({ code, name: name || t('accountMfa.defaultName') }, { onSuccess: onDone });
  });
  const error = errorText(t, form.formState.errors.code) ?? (confirm.error ? t(mfaErrorKey(confirm.error)) : null);

  return (
    <div className="grid gap-5" data-testid="two-factor-enrolment">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {t('accountMfa.enrolTitle')}
      </h3>
      <ol className="grid gap-5 text-sm">
        <Step n={1} title={t('accountMfa.scanTitle')}>
          <p className="text-muted-foreground">{t('accountMfa.scanHint', { appName: env.appName })}</p>
          <div className="flex flex-wrap items-start gap-4">
            <QrCode uri={totpURI} label={t('accountMfa.qrAlt')} />
            <div className="grid min-w-0 flex-[1_1_14rem] gap-2">
              <p className="text-muted-foreground">{t('accountMfa.secretHint')}</p>
              <code className="rounded-md bg-surface-sunken px-3 py-2 font-mono text-sm break-all" data-testid="two-factor-secret">
                {grouped}
              </code>
              <div>
                <CopyButton text={secret} label={t('accountMfa.copySecret')} />
              </div>
            </div>
          </div>
        </Step>
        <Step n={2} title={t('accountMfa.verifyTitle')}>
          <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={confirm.isPending}>
            <Field id="two-factor-name" label={t('accountMfa.nameLabel')} hint={t('accountMfa.nameHint')}>
              <Input
                id="two-factor-name"
                {...form.register('name')}
                maxLength={MFA_FACTOR_NAME_MAX}
                aria-describedby={fieldDescribedBy('two-factor-name', { hint: true })}
              />
            </Field>
            <Field id="two-factor-verify" label={t('accountMfa.codeLabel')} error={error}>
              <Input
                id="two-factor-verify"
                {...form.register('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                className="max-w-48 font-mono tracking-[0.3em]"
                aria-invalid={!!error}
                aria-describedby={fieldDescribedBy('two-factor-verify', { error })}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirm.isPending} data-testid="two-factor-verify-submit">
                {confirm.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                {t('accountMfa.verifySubmit')}
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        </Step>
      </ol>
    </div>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-3">
      <span className="grid size-7 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground" aria-hidden="true">
        {n}
      </span>
      <div className="grid gap-3">
        <p className="font-medium">{title}</p>
        {children}
      </div>
    </li>
  );
}

/** The ten recovery codes, shown once: copy or download them, then done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${t('accountMfa.codesFileTitle', { appName: env.appName })}\n\n${codes.join('\n')}\n`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${env.appName.toLowerCase()}-recovery-codes.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="grid gap-4" data-testid="two-factor-codes">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        {t('accountMfa.codesTitle')}
      </h3>
      <p className="rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm text-accent-soft-foreground">{t('accountMfa.codesHint')}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface-sunken/50 p-4 font-mono text-sm sm:grid-cols-2"
        aria-label={t('accountMfa.codesTitle')}
      >
        {codes.map((c) => (
          <li key={c} data-testid="two-factor-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label={t('accountMfa.copyCodes')} />
        <Button type="button" variant="secondary" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t('accountMfa.downloadCodes')}
        </Button>
        <Button type="button" size="sm" onClick={onDone} data-testid="two-factor-codes-done">
          {t('accountMfa.codesDone')}
        </Button>
      </div>
    </div>
  );
}

/** The phone number for codes by SMS: add it, prove it with a code. */
function PhoneFactor({ status }: { status: AccountMfaStatus }) {
  const { t } = useTranslation();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const numberForm = useZodForm(phoneFormSchema, { keys: KEYS, defaultValues: { number: '' } });
  const codeForm = useZodForm(phoneCodeFormSchema, { keys: KEYS, defaultValues: { code: '' } });
  const [number, setNumber] = useState('');
  const [adding, setAdding] = useState(false);
  const phone = status.phone?.verified ? status.phone.number : null;

  const sendCode = numberForm.handleSubmit(({ number: value }) => {
    if (send.isPending) return;
    numberForm.setValue('number', value);
    setNumber(value);
    send.mutate({ phoneNumber: value });
  });
  const verifyCode = codeForm.handleSubmit(({ code }) => {
    if (verify.isPending) return;
    verify.mutate(
      { phoneNumber: number, code },
      {
        onSuccess: () => {
          toast.success(t('accountMfa.phoneVerified'));
          setAdding(false);
          codeForm.reset();
          send.reset();
        },
      },
    );
  });
  const fieldError = errorText(t, numberForm.formState.errors.number) ?? errorText(t, codeForm.formState.errors.code);
  const error = fieldError ?? (verify.error ? t(mfaErrorKey(verify.error)) : send.error ? t(mfaErrorKey(send.error)) : null);

  return (
    <div className="grid gap-3 border-t border-border pt-5" data-testid="two-factor-phone">
      <h3 className="font-semibold">{t('accountMfa.phoneTitle')}</h3>
      <p className="text-sm text-muted-foreground">{t('accountMfa.phoneDescription')}</p>
      {phone && !adding ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border px-4 py-3">
          <span className="font-mono text-sm" data-testid="two-factor-phone-number">
            {phone}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setAdding(true)}>
            {t('accountMfa.phoneChange')}
          </Button>
        </div>
      ) : !adding ? (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)} data-testid="two-factor-phone-add">
            {t('accountMfa.phoneAdd')}
          </Button>
        </div>
      ) : !send.isSuccess ? (
        <form noValidate onSubmit={sendCode} className="grid gap-3" aria-busy={send.isPending}>
          <Field id="two-factor-phone-input" label={t('accountMfa.phoneLabel')} hint={t('accountMfa.phoneHint')} error={error}>
            <Input
              id="two-factor-phone-input"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+15551234567"
              {...numberForm.register('number')}
              autoFocus
              aria-invalid={!!error}
              aria-describedby={fieldDescribedBy('two-factor-phone-input', { error, hint: true })}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {t('accountMfa.phoneSend')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => (setAdding(false), numberForm.clearErrors(), send.reset())}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={verifyCode} className="grid gap-3" aria-busy={verify.isPending}>
          <p role="status" className="text-sm">
            {t('accountMfa.phoneSent', { number })}
          </p>
          <Field id="two-factor-phone-code" label={t('accountMfa.codeLabel')} error={error}>
            <Input
              id="two-factor-phone-code"
              {...codeForm.register('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              autoFocus
              className="max-w-48 font-mono tracking-[0.3em]"
              aria-invalid={!!error}
              aria-describedby={fieldDescribedBy('two-factor-phone-code', { error })}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={verify.isPending}>
              {t('accountMfa.phoneVerify')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => (send.reset(), verify.reset(), codeForm.reset())}>
              {t('accountMfa.phoneBack')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

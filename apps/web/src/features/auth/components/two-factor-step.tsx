import { KeyRound, Loader2, MessageSquareText, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText, useZodForm, type FormKeys } from '@/lib/form';
import { endTwoFactorChallenge, type TwoFactorChallenge } from '@/lib/two-factor-challenge';
import { useSendSecondStepSms, useVerifySecondStep, type SecondStepInput } from '../api/two-factor';
import { mfaErrorKey } from '@/lib/mfa-errors';

type Mode = 'totp' | 'otp' | 'recovery';

/** Six digits from the app or a text message (spaces dropped); a recovery code as typed, trimmed. */
const digitsSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1)
        .regex(/^\d{6}$/),
    ),
  trust: z.boolean(),
});
const recoverySchema = z.object({ code: z.string().trim().min(1), trust: z.boolean() });
const KEYS: FormKeys = { code: { required: 'validation.required', invalid_format: 'authMfa.codeFormat' } };

/**
 * The second step of a sign-in (the password was right; the account has a second factor): a code from
 * the authenticator app, or from a text message, or one of the recovery codes; optionally "trust this
 * device" for 30 days. Five wrong codes end the attempt (sign in again); the route is rate-limited.
 */
export function TwoFactorStep({ challenge, onSuccess }: { challenge: TwoFactorChallenge; onSuccess: () => void }) {
  const { t } = useTranslation();
  const hasTotp = challenge.methods.includes('totp');
  const hasSms = challenge.methods.includes('otp');
  const [mode, setMode] = useState<Mode>(hasTotp ? 'totp' : hasSms ? 'otp' : 'recovery');
  const form = useZodForm(mode === 'recovery' ? recoverySchema : digitsSchema, { keys: KEYS, defaultValues: { code: '', trust: false } });
  const verify = useVerifySecondStep();
  const sendSms = useSendSecondStepSms();
  const id = 'two-factor-code';

  // The field takes the focus when the step opens and when the kind of code changes.
  const { setFocus } = form;
  useEffect(() => {
    setFocus('code');
  }, [mode, setFocus]);
  // Text messages only (no app): the code is sent as the step opens.
  const sendNow = !hasTotp && hasSms;
  const { mutate: sendFirst } = sendSms;
  useEffect(() => {
    if (sendNow) sendFirst();
  }, [sendNow, sendFirst]);

  const switchTo = (next: Mode) => {
    setMode(next);
    form.resetField('code');
    verify.reset();
    if (next === 'otp' && !sendSms.isSuccess) sendSms.mutate();
  };

  const submit = form.handleSubmit(({ code, trust }) => {
    if (verify.isPending) return;
    const input: SecondStepInput = { kind: mode, code, trustDevice: trust };
    verify.mutate(input, {
      onSuccess: () => {
        onSuccess();
        endTwoFactorChallenge();
      },
    });
  });

  const fieldError = errorText(t, form.formState.errors.code);
  const serverError = verify.error ? t(mfaErrorKey(verify.error)) : null;
  const sendError = sendSms.error ? t(mfaErrorKey(sendSms.error)) : null;
  // The attempt is over (too many codes, or it expired): only starting again helps.
  const spent = verify.error && ['challengeSpent', 'challengeExpired', 'locked'].some((k) => mfaErrorKey(verify.error).endsWith(k));

  const label = mode === 'recovery' ? t('authMfa.recoveryLabel') : mode === 'otp' ? t('authMfa.smsLabel') : t('authMfa.appLabel');
  const hint = mode === 'recovery' ? t('authMfa.recoveryHint') : mode === 'otp' ? t('authMfa.smsHint') : t('authMfa.appHint');

  return (
    <section className="grid gap-6" aria-labelledby="two-factor-title" data-testid="two-factor-step">
      <div className="grid gap-1.5">
        <h2 id="two-factor-title" className="flex items-center gap-2 font-display text-2xl font-semibold tracking-tight">
          <ShieldCheck className="size-6 text-accent" aria-hidden="true" />
          {t('authMfa.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('authMfa.description')}</p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={verify.isPending}>
        <Field id={id} label={label} hint={hint} error={fieldError}>
          <Input
            id={id}
            key={mode}
            {...form.register('code')}
            inputMode={mode === 'recovery' ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={mode === 'recovery' ? 32 : 12}
            className={mode === 'recovery' ? 'font-mono' : 'font-mono tracking-[0.3em]'}
            aria-invalid={!!fieldError || !!serverError}
            aria-describedby={fieldDescribedBy(id, { error: fieldError, hint: true })}
          />
        </Field>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" {...form.register('trust')} className="mt-0.5 size-4 accent-[var(--color-accent)]" data-testid="two-factor-trust" />
          <span className="grid gap-0.5">
            <span className="font-medium">{t('authMfa.trustDevice')}</span>
            <span className="text-muted-foreground">{t('authMfa.trustDeviceHint')}</span>
          </span>
        </label>
        <Button type="submit" size="lg" disabled={verify.isPending || !!spent} className="w-full">
          {verify.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {t('authMfa.submit')}
        </Button>
        {serverError ? (
          <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg" data-testid="two-factor-error">
            {serverError}
          </p>
        ) : null}
        {mode === 'otp' && sendSms.isSuccess ? (
          <p role="status" className="rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground">
            {t('authMfa.smsSent')}
          </p>
        ) : null}
        {mode === 'otp' && sendError ? (
          <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
            {sendError}
          </p>
        ) : null}
      </form>
      <div className="grid gap-2 border-t border-border pt-4 text-sm">
        <p className="font-medium">{t('authMfa.otherWays')}</p>
        <div className="flex flex-wrap gap-2">
          {mode !== 'totp' && hasTotp ? (
            <Button type="button" variant="secondary" size="sm" onClick={() => switchTo('totp')}>
              <ShieldCheck aria-hidden="true" />
              {t('authMfa.useApp')}
            </Button>
          ) : null}
          {mode !== 'otp' && hasSms ? (
            <Button type="button" variant="secondary" size="sm" onClick={() => switchTo('otp')}>
              <MessageSquareText aria-hidden="true" />
              {t('authMfa.useSms')}
            </Button>
          ) : null}
          {mode === 'otp' ? (
            <Button type="button" variant="secondary" size="sm" disabled={sendSms.isPending} onClick={() => sendSms.mutate()}>
              {t('authMfa.resendSms')}
            </Button>
          ) : null}
          {mode !== 'recovery' && hasTotp ? (
            <Button type="button" variant="secondary" size="sm" onClick={() => switchTo('recovery')} data-testid="two-factor-use-recovery">
              <KeyRound aria-hidden="true" />
              {t('authMfa.useRecovery')}
            </Button>
          ) : null}
          <Button type="button" variant="ghost" size="sm" onClick={() => endTwoFactorChallenge()} data-testid="two-factor-cancel">
            {t('authMfa.startOver')}
          </Button>
        </div>
      </div>
    </section>
  );
}

import { KeySquare, Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText, useZodForm } from '@/lib/form';
import { useSendSignInCode, useSignInWithCode } from '../api/email-code';
import { codeErrorKey } from '../utils/code-error';
import { AUTH_FORM_KEYS, emailFormSchema, mailedCodeFormSchema } from '../utils/form-schemas';
import { EmailField } from './email-field';

/**
 * Sign-in with a one-time code by mail: the address, then the six digits. Offered by the sign-in-link
 * form ("send me a code instead"); `onUseLink` goes back to it.
 */
export function EmailCodeForm({ initialEmail = '', onUseLink }: { initialEmail?: string; onUseLink: () => void }) {
  const { t } = useTranslation();
  const send = useSendSignInCode();
  const verify = useSignInWithCode();
  const emailForm = useZodForm(emailFormSchema, { keys: AUTH_FORM_KEYS, defaultValues: { email: initialEmail } });
  const codeForm = useZodForm(mailedCodeFormSchema, { keys: AUTH_FORM_KEYS, defaultValues: { code: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const requestCode = emailForm.handleSubmit(({ email }) => {
    if (send.isPending) return;
    verify.reset();
    send.mutate(
      { email },
      {
        onSuccess: () => {
          setSentTo(email);
          codeForm.reset({ code: '' });
        },
      },
    );
  });

  const submitCode = codeForm.handleSubmit(({ code }) => {
    if (!sentTo || verify.isPending) return;
    verify.mutate({ email: sentTo, otp: code });
  });

  if (!sentTo) {
    const id = 'email-code-email';
    return (
      <form
        noValidate
        onSubmit={requestCode}
        className="grid gap-4"
        aria-busy={send.isPending}
        aria-labelledby="email-code-title"
        data-testid="email-code-form"
      >
        <div className="grid gap-1">
          <h2 id="email-code-title" className="flex items-center gap-2 text-base font-semibold">
            <KeySquare className="size-4 text-accent" aria-hidden="true" />
            {t('authOtp.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('authOtp.description')}</p>
        </div>
        <EmailField id={id} field={emailForm.register('email')} error={errorText(t, emailForm.formState.errors.email)} />
        {send.isError ? (
          <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
            {t(codeErrorKey(send.error))}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="lg" disabled={send.isPending} className="w-full">
          {send.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {t('authOtp.send')}
        </Button>
        <Button type="button" variant="link" onClick={onUseLink} className="justify-self-center">
          {t('authOtp.useLinkInstead')}
        </Button>
      </form>
    );
  }

  const id = 'email-code';
  const codeError = errorText(t, codeForm.formState.errors.code) ?? (verify.isError ? t(codeErrorKey(verify.error)) : null);
  return (
    <form noValidate onSubmit={submitCode} className="grid gap-4" aria-busy={verify.isPending} aria-labelledby="email-code-title" data-testid="email-code-form">
      <div className="grid gap-1">
        <h2 id="email-code-title" className="flex items-center gap-2 text-base font-semibold">
          <KeySquare className="size-4 text-accent" aria-hidden="true" />
          {t('authOtp.title')}
        </h2>
      </div>
      <p role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('authOtp.sent', { email: sentTo })}
      </p>
      <Field id={id} label={t('authOtp.codeLabel')} error={codeError} hint={t('authOtp.codeHint')}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          {...codeForm.register('code')}
          className="font-mono text-lg tracking-[0.3em]"
          {...fieldControlProps(id, { error: codeError, hint: true })}
          autoFocus
        />
      </Field>
      <Button type="submit" size="lg" disabled={verify.isPending} className="w-full">
        {verify.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('authOtp.submit')}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-4">
        <Button type="button" variant="link" disabled={send.isPending} onClick={() => void requestCode()}>
          {t('authOtp.resend')}
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setSentTo(null);
            verify.reset();
            codeForm.clearErrors();
          }}
        >
          {t('authOtp.otherAddress')}
        </Button>
      </div>
    </form>
  );
}

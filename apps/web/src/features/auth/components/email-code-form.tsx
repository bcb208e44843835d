import { magicLinkSchema } from '@curio/contract';
import { KeySquare, Loader2, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { zodFieldErrors } from '@/lib/validation';
import { useSendSignInCode, useSignInWithCode } from '../api/email-code';
import { codeErrorKey } from '../utils/code-error';
import { EmailField } from './email-field';

const CODE = /^\d{6}$/;

/**
 * Sign-in with a one-time code by mail: the address, then the six digits. Offered by the sign-in-link
 * form ("send me a code instead"); `onUseLink` goes back to it.
 */
export function EmailCodeForm({ initialEmail = '', onUseLink }: { initialEmail?: string; onUseLink: () => void }) {
  const { t } = useTranslation();
  const send = useSendSignInCode();
  const verify = useSignInWithCode();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const requestCode = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (!email.trim()) return setError('validation.required');
    const parsed = magicLinkSchema.safeParse({ email });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).email ?? 'validation.emailInvalid');
    setError(null);
    verify.reset();
    send.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        setCode('');
      },
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo || verify.isPending) return;
    const digits = code.replace(/\s/g, '');
    if (!CODE.test(digits)) return setError('authOtp.codeFormat');
    setError(null);
    verify.mutate({ email: sentTo, otp: digits });
  };

  if (!sentTo) {
    const id = 'email-code-email';
    const errorText = error ? t(error) : null;
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
        <EmailField id={id} value={email} onChange={setEmail} error={errorText} />
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
  const errorText = error ? t(error) : verify.isError ? t(codeErrorKey(verify.error)) : null;
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
      <Field id={id} label={t('authOtp.codeLabel')} error={errorText} hint={t('authOtp.codeHint')}>
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="font-mono text-lg tracking-[0.3em]"
          aria-invalid={!!errorText}
          aria-describedby={fieldDescribedBy(id, { error: errorText, hint: true })}
          autoFocus
        />
      </Field>
      <Button type="submit" size="lg" disabled={verify.isPending} className="w-full">
        {verify.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('authOtp.submit')}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-4">
        <Button type="button" variant="link" disabled={send.isPending} onClick={() => requestCode()}>
          {t('authOtp.resend')}
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setSentTo(null);
            verify.reset();
            setError(null);
          }}
        >
          {t('authOtp.otherAddress')}
        </Button>
      </div>
    </form>
  );
}

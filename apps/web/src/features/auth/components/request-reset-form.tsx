import { magicLinkSchema } from '@curio/contract';
import { Loader2, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { zodFieldErrors } from '@/lib/validation';
import { useRequestPasswordReset } from '../api/password-reset';
import { authErrorKey, authErrorKind } from '../utils/auth-error';
import { EmailField } from './email-field';

/** Asks for a link to set a new password (also for accounts that have none yet). */
export function RequestResetForm() {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = 'reset-request-email';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!email.trim()) return setError('validation.required');
    const parsed = magicLinkSchema.safeParse({ email });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).email ?? 'validation.emailInvalid');
    setError(null);
    mutation.mutate({ email: parsed.data.email });
  };
  const errorText = error ? t(error) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={mutation.isPending}>
      <EmailField id={id} value={email} onChange={setEmail} error={errorText} />
      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('auth.reset.requestSubmit')}
      </Button>
      {mutation.isSuccess ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('auth.reset.linkSent', { email: email.trim() })}
        </p>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t(authErrorKey(authErrorKind(mutation.error)), { origin: window.location.origin })}
        </p>
      ) : null}
    </form>
  );
}

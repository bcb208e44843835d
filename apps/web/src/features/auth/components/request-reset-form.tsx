import { Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorText, useZodForm } from '@/lib/form';
import { useRequestPasswordReset } from '../api/password-reset';
import { authErrorKey, authErrorKind } from '../utils/auth-error';
import { AUTH_FORM_KEYS, emailFormSchema } from '../utils/form-schemas';
import { EmailField } from './email-field';

/** Asks for a link to set a new password (also for accounts that have none yet). */
export function RequestResetForm() {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();
  const form = useZodForm(emailFormSchema, { keys: AUTH_FORM_KEYS, defaultValues: { email: '' } });
  const [sentTo, setSentTo] = useState('');
  const id = 'reset-request-email';

  const submit = form.handleSubmit(({ email }) => {
    if (mutation.isPending) return;
    setSentTo(email);
    mutation.mutate({ email });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={mutation.isPending}>
      <EmailField id={id} field={form.register('email')} error={errorText(t, form.formState.errors.email)} />
      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('auth.reset.requestSubmit')}
      </Button>
      {mutation.isSuccess ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('auth.reset.linkSent', { email: sentTo })}
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

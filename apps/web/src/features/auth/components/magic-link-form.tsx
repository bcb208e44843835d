import { Loader2, MailCheck, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorText, useZodForm } from '@/lib/form';
import { useSendMagicLink } from '../api/send-magic-link';
import { AUTH_FORM_KEYS, emailFormSchema } from '../utils/form-schemas';
import { EmailCodeForm } from './email-code-form';
import { EmailField } from './email-field';

/**
 * A separate form: email only; a sign-in link arrives by mail (or, on request, a one-time code). The
 * link returns to `callbackURL` (a same-origin path, `/` without one).
 */
export function MagicLinkForm({ callbackURL }: { callbackURL?: string } = {}) {
  const [useCode, setUseCode] = useState(false);
  const [email, setEmail] = useState('');
  if (useCode) return <EmailCodeForm initialEmail={email} onUseLink={() => setUseCode(false)} />;
  return (
    <LinkForm
      email={email}
      onUseCode={(typed) => {
        setEmail(typed);
        setUseCode(true);
      }}
      callbackURL={callbackURL}
    />
  );
}

function LinkForm({ email, onUseCode, callbackURL }: { email: string; onUseCode: (typed: string) => void; callbackURL?: string }) {
  const { t } = useTranslation();
  const mutation = useSendMagicLink();
  const form = useZodForm(emailFormSchema, { keys: AUTH_FORM_KEYS, defaultValues: { email } });
  const id = 'magic-link-email';

  const submit = form.handleSubmit((values) => {
    if (mutation.isPending) return;
    mutation.mutate({ ...values, callbackURL });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={mutation.isPending} aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
          <Wand2 className="size-4 text-accent" aria-hidden="true" />
          {t('auth.magicLinkTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('auth.magicLinkDescription')}</p>
      </div>
      <EmailField id={id} field={form.register('email')} error={errorText(t, form.formState.errors.email)} />
      {mutation.isSuccess ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('auth.magicLinkSent')}
        </p>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t('auth.authError')}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('auth.magicLinkSubmit')}
      </Button>
      <Button type="button" variant="link" onClick={() => onUseCode(form.getValues('email'))} className="justify-self-center" data-testid="use-email-code">
        {t('authOtp.useCodeInstead')}
      </Button>
    </form>
  );
}

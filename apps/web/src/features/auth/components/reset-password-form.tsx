import { CheckCircle2, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorText, useZodForm } from '@/lib/form';
import { useResetPassword } from '../api/password-reset';
import { authErrorKey, authErrorKind } from '../utils/auth-error';
import { AUTH_FORM_KEYS, newPasswordFormSchema } from '../utils/form-schemas';

/**
 * A new password (twice) for the token from the mail. An expired or used link says so and offers a new
 * one (`onInvalidToken`); success leads to sign-in.
 */
export function ResetPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const { t } = useTranslation();
  const mutation = useResetPassword();
  const form = useZodForm(newPasswordFormSchema, { keys: AUTH_FORM_KEYS, defaultValues: { password: '', confirm: '' } });

  const submit = form.handleSubmit(({ password }) => {
    if (mutation.isPending) return;
    mutation.mutate({ token, newPassword: password });
  });

  if (mutation.isSuccess) {
    return (
      <div className="grid gap-5">
        <p role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('auth.reset.done')}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to={paths.login.getHref()}>{t('auth.reset.goSignIn')}</Link>
        </Button>
      </div>
    );
  }

  const kind = mutation.isError ? authErrorKind(mutation.error) : null;
  const passwordError = errorText(t, form.formState.errors.password);
  const confirmError = errorText(t, form.formState.errors.confirm);
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={mutation.isPending}>
      <Field id="reset-password" label={t('auth.reset.newPassword')} error={passwordError} hint={t('auth.passwordHint')}>
        <Input
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          {...fieldControlProps('reset-password', { error: passwordError, hint: true })}
        />
      </Field>
      <Field id="reset-confirm" label={t('auth.reset.confirmPassword')} error={confirmError}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm')} {...fieldControlProps('reset-confirm', { error: confirmError })} />
      </Field>
      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('auth.reset.submit')}
      </Button>
      {kind ? (
        <div className="grid gap-3 rounded-lg bg-danger-bg px-3.5 py-3 text-sm text-danger-fg">
          <p role="alert" className="font-medium">
            {t(authErrorKey(kind), { origin: window.location.origin })}
          </p>
          {kind === 'invalidToken' ? (
            <Button type="button" variant="secondary" onClick={onInvalidToken} className="w-full">
              {t('auth.reset.askAgain')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

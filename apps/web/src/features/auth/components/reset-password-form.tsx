import { passwordSchema } from '@curio/contract';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { validationMessageKey } from '@/lib/validation';
import { useResetPassword } from '../api/password-reset';
import { authErrorKey, authErrorKind } from '../utils/auth-error';

/**
 * A new password (twice) for the token from the mail. An expired or used link says so and offers a new
 * one (`onInvalidToken`); success leads to sign-in.
 */
export function ResetPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const { t } = useTranslation();
  const mutation = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const next: Record<string, string> = {};
    const parsed = passwordSchema.safeParse(password);
    if (!password) next.password = 'validation.required';
    else if (!parsed.success) next.password = validationMessageKey(parsed.error.issues[0]?.message);
    if (!next.password && confirm !== password) next.confirm = 'auth.reset.mismatch';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate({ token, newPassword: password });
  };

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
  const passwordError = errors.password ? t(errors.password) : null;
  const confirmError = errors.confirm ? t(errors.confirm) : null;
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={mutation.isPending}>
      <Field id="reset-password" label={t('auth.reset.newPassword')} error={passwordError} hint={t('auth.passwordHint')}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!passwordError}
          aria-describedby={fieldDescribedBy('reset-password', { error: passwordError, hint: true })}
        />
      </Field>
      <Field id="reset-confirm" label={t('auth.reset.confirmPassword')} error={confirmError}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={!!confirmError}
          aria-describedby={fieldDescribedBy('reset-confirm', { error: confirmError })}
        />
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

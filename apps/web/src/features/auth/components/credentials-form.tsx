import type { UseMutationResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorText, useZodForm } from '@/lib/form';
import type { Credentials } from '../api/sign-in';
import { authErrorKey, authErrorKind } from '../utils/auth-error';
import { AUTH_FORM_KEYS, credentialsFormSchema } from '../utils/form-schemas';
import { PasswordLinkOffer } from './password-link-offer';
import { EmailField } from './email-field';

type Props = {
  idPrefix: string;
  mode: 'sign-in' | 'sign-up';
  mutation: UseMutationResult<void, Error, Credentials>;
  onSuccess: (credentials: Credentials) => void;
};

/**
 * Email + password, validated with the contract's schema; one request at a time. A failure is told in
 * words that say what to do, under the submit button (nothing above it moves). A sign-up with an
 * address that has an account is answered like a new one (the server mails the owner; no enumeration),
 * so there is no "this address has an account" here.
 */
export function CredentialsForm({ idPrefix, mode, mutation, onSuccess }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(credentialsFormSchema, { keys: AUTH_FORM_KEYS, defaultValues: { email: '', password: '' } });
  const pending = mutation.isPending;

  const submit = form.handleSubmit((credentials) => {
    if (pending) return;
    mutation.mutate(credentials, { onSuccess: () => onSuccess(credentials) });
  });

  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const emailError = errorText(t, form.formState.errors.email);
  const passwordError = errorText(t, form.formState.errors.password);
  const kind = mutation.isError ? authErrorKind(mutation.error) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <EmailField id={emailId} field={form.register('email')} error={emailError} />
      <Field id={passwordId} label={t('auth.password')} error={passwordError} hint={mode === 'sign-up' ? t('auth.passwordHint') : undefined}>
        <Input
          type="password"
          autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
          {...form.register('password')}
          {...fieldControlProps(passwordId, { error: passwordError, hint: mode === 'sign-up' })}
        />
      </Field>
      {mode === 'sign-in' ? (
        <p className="-mt-3 text-right text-sm">
          <Link to={paths.resetPassword.getHref()} className="font-medium text-accent underline-offset-2 hover:underline">
            {t('auth.reset.forgotLink')}
          </Link>
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {mode === 'sign-up' ? t('auth.signUpSubmit') : t('auth.signInSubmit')}
      </Button>
      {kind ? (
        <div className="grid gap-3 rounded-lg bg-danger-bg px-3.5 py-3 text-sm text-danger-fg" data-testid={`${idPrefix}-error`}>
          <p role="alert" className="font-medium">
            {t(authErrorKey(kind), { origin: window.location.origin })}
          </p>
          {kind === 'invalidCredentials' ? (
            <>
              <p>{t('auth.errors.invalidCredentialsHelp')}</p>
              <PasswordLinkOffer email={form.watch('email')} idPrefix={idPrefix} />
            </>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

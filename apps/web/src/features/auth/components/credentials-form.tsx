import { credentialsSchema } from '@curio/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { zodFieldErrors } from '@/lib/validation';
import type { Credentials } from '../api/sign-in';

type Props = {
  idPrefix: string;
  mode: 'sign-in' | 'sign-up';
  mutation: UseMutationResult<void, Error, Credentials>;
  onSuccess: () => void;
};

/** Email + password, validated with the contract's schema; one request at a time. */
export function CredentialsForm({ idPrefix, mode, mutation, onSuccess }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const next: Record<string, string> = {};
    if (!email.trim()) next.email = 'validation.required';
    if (!password) next.password = 'validation.required';
    const parsed = credentialsSchema.safeParse({ email, password });
    if (!parsed.success) Object.assign(next, { ...zodFieldErrors(parsed.error), ...next });
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    mutation.mutate(parsed.data, { onSuccess });
  };

  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const emailError = errors.email ? t(errors.email) : null;
  const passwordError = errors.password ? t(errors.password) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={pending}>
      <Field id={emailId} label={t('auth.email')} error={emailError}>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!emailError}
          aria-describedby={fieldDescribedBy(emailId, { error: emailError })}
        />
      </Field>
      <Field
        id={passwordId}
        label={t('auth.password')}
        error={passwordError}
        hint={mode === 'sign-up' ? t('auth.passwordHint') : undefined}
      >
        <Input
          id={passwordId}
          type="password"
          autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!passwordError}
          aria-describedby={fieldDescribedBy(passwordId, { error: passwordError, hint: mode === 'sign-up' })}
        />
      </Field>
      {mutation.isError ? (
        <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t('auth.authError')}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {mode === 'sign-up' ? t('auth.signUpSubmit') : t('auth.signInSubmit')}
      </Button>
    </form>
  );
}

import { BIO_MAX, DISPLAY_NAME_MAX, HANDLE_MAX, onboardingInputSchema } from '@curio/contract';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionalMark } from '@/components/ui/optional-mark';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

import { onboardingErrors, onboardingFieldKey, useCompleteOnboarding } from '../api/complete-onboarding';

type Props = { onComplete: () => void; onInviteRequired: () => void };

/** Handle (lower-cased as typed), display name, bio and the public switch. */
export function ProfileStep({ onComplete, onInviteRequired }: Props) {
  const { t } = useTranslation();
  const mutation = useCompleteOnboarding();
  const [handle, setHandle] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [bio, setBio] = useState('');
  const [isPublic, setIsPublic] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const parsed = onboardingInputSchema.safeParse({ handle, displayName, bio, public: isPublic });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '_');
        next[field] ??= onboardingFieldKey(field, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: onComplete,
      onError: (error) => {
        const result = onboardingErrors(error);
        setErrors(result.fields);
        setFormError(result.form);
        if (result.inviteRequired) onInviteRequired();
      },
    });
  };

  const err = (field: string) => (errors[field] ? t(errors[field]) : null);
  const handleError = err('handle');
  const nameError = err('displayName');
  const bioError = err('bio');

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-busy={mutation.isPending}>
      <div className="grid gap-2">
        <h2 className="font-display text-2xl font-semibold tracking-tight">{t('onboarding.profileTitle')}</h2>
        <p className="text-muted-foreground">{t('onboarding.profileDescription')}</p>
      </div>

      <Field id="handle" label={t('onboarding.handleLabel')} error={handleError} hint={t('onboarding.handleHint')}>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center justify-center text-muted-foreground" aria-hidden="true">
            @
          </span>
          <Input
            id="handle"
            value={handle}
            onChange={(e) => setHandle(e.target.value.replace(/^@+/, '').toLowerCase())}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={HANDLE_MAX + 5}
            className="pl-9"
            aria-invalid={!!handleError}
            aria-describedby={fieldDescribedBy('handle', { error: handleError, hint: true })}
          />
        </div>
      </Field>

      <Field id="displayName" label={t('onboarding.displayNameLabel')} error={nameError}>
        <Input
          id="displayName"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX}
          required
          aria-required="true"
          aria-invalid={!!nameError}
          aria-describedby={fieldDescribedBy('displayName', { error: nameError })}
        />
      </Field>

      <Field
        id="bio"
        label={
          <span className="flex w-full items-baseline justify-between gap-2">
            <span>
              {t('onboarding.bioLabel')}
              <OptionalMark />
            </span>
          </span>
        }
        error={bioError}
        hint={
          <span className="flex justify-end tabular-nums" aria-live="polite">
            {t('onboarding.bioCounter', { count: bio.length, max: BIO_MAX })}
          </span>
        }
      >
        <Textarea
          id="bio"
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          rows={3}
          maxLength={BIO_MAX}
          placeholder={t('onboarding.bioPlaceholder')}
          aria-invalid={!!bioError}
          aria-describedby={fieldDescribedBy('bio', { error: bioError, hint: true })}
        />
      </Field>

      <div className="flex items-start justify-between gap-4 rounded-xl border border-border bg-background/60 p-4">
        <div className="grid gap-1">
          <Label htmlFor="public">{t('onboarding.publicLabel')}</Label>
          <p id="public-hint" className="text-sm text-muted-foreground">
            {isPublic ? t('onboarding.publicOn') : t('onboarding.publicOff')}
          </p>
        </div>
        <Switch id="public" checked={isPublic} onCheckedChange={setIsPublic} aria-describedby="public-hint" className="mt-1" />
      </div>

      {formError ? (
        <p role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t(formError)}
        </p>
      ) : null}

      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('onboarding.finish')}
      </Button>
    </form>
  );
}

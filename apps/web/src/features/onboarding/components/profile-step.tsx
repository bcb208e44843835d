import { BIO_MAX, DISPLAY_NAME_MAX, HANDLE_MAX, onboardingInputSchema } from '@curio/contract';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionalMark } from '@/components/ui/optional-mark';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorText, useZodForm } from '@/lib/form';
import { ONBOARDING_FORM_KEYS, onboardingErrors, useCompleteOnboarding } from '../api/complete-onboarding';
import { FormattedInput } from '@/components/forms/formatted-input';

type Props = { onComplete: () => void; onInviteRequired: () => void };

/** Handle (lower-cased as typed), display name, bio and the public switch. */
export function ProfileStep({ onComplete, onInviteRequired }: Props) {
  const { t } = useTranslation();
  const mutation = useCompleteOnboarding();
  const form = useZodForm(onboardingInputSchema, {
    keys: ONBOARDING_FORM_KEYS,
    defaultValues: { handle: '', displayName: '', bio: '', public: true },
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    return form.handleSubmit((input) => {
      if (mutation.isPending) return;
      mutation.mutate(input, {
        onSuccess: onComplete,
        onError: (error) => {
          const result = onboardingErrors(error);
          for (const [field, key] of Object.entries(result.fields)) {
            if (field === 'handle' || field === 'displayName' || field === 'bio') form.setError(field, { message: key });
          }
          setFormError(result.form);
          if (result.inviteRequired) onInviteRequired();
        },
      });
    })(event);
  };

  const { errors } = form.formState;
  const handleError = errorText(t, errors.handle);
  const nameError = errorText(t, errors.displayName);
  const bioError = errorText(t, errors.bio);
  const bio = form.watch('bio') ?? '';
  const isPublic = form.watch('public') ?? true;

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
          <FormattedInput
            control={form.control}
            name="handle"
            format={(typed) => typed.replace(/^@+/, '').toLowerCase()}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={HANDLE_MAX + 5}
            className="pl-9"
            {...fieldControlProps('handle', { error: handleError, hint: true })}
          />
        </div>
      </Field>

      <Field id="displayName" label={t('onboarding.displayNameLabel')} error={nameError}>
        <Input
          {...form.register('displayName')}
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX}
          required
          aria-required="true"
          {...fieldControlProps('displayName', { error: nameError })}
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
          {...form.register('bio')}
          rows={3}
          maxLength={BIO_MAX}
          placeholder={t('onboarding.bioPlaceholder')}
          {...fieldControlProps('bio', { error: bioError, hint: true })}
        />
      </Field>

      <div className="flex items-start justify-between gap-4 rounded-xl border border-border bg-background/60 p-4">
        <div className="grid gap-1">
          <Label htmlFor="public">{t('onboarding.publicLabel')}</Label>
          <p id="public-hint" className="text-sm text-muted-foreground">
            {isPublic ? t('onboarding.publicOn') : t('onboarding.publicOff')}
          </p>
        </div>
        <Controller
          control={form.control}
          name="public"
          render={({ field }) => (
            <Switch
              id="public"
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby="public-hint"
              className="mt-1"
            />
          )}
        />
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

import { inviteRedeemInputSchema } from '@curio/contract';
import { Loader2, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { errorText, useZodForm } from '@/lib/form';
import { INVITE_FORM_KEYS, inviteErrorKey, useRedeemInvite } from '../api/redeem-invite';
import { FormattedInput } from '@/components/forms/formatted-input';

/** Asks for an invite code (upper-cased as typed); on success a toast and the next step. */
export function InviteStep({ onRedeemed, notice }: { onRedeemed: () => void; notice?: string | null }) {
  const { t } = useTranslation();
  const mutation = useRedeemInvite();
  const form = useZodForm(inviteRedeemInputSchema, { keys: INVITE_FORM_KEYS, defaultValues: { code: '' } });
  const id = 'invite-code';

  const submit = form.handleSubmit((input) => {
    if (mutation.isPending) return;
    mutation.mutate(input, {
      onSuccess: () => {
        toast.success(t('onboarding.codeAccepted'));
        onRedeemed();
      },
      onError: (err) => form.setError('code', { message: inviteErrorKey(err) }),
    });
  });

  const error = errorText(t, form.formState.errors.code);
  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-busy={mutation.isPending}>
      <div className="grid gap-2">
        <div className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
          <Ticket className="size-5" aria-hidden="true" />
        </div>
        <h2 className="font-display text-2xl font-semibold tracking-tight">{t('onboarding.inviteTitle')}</h2>
        <p className="text-muted-foreground">{t('onboarding.inviteDescription')}</p>
      </div>
      {notice ? (
        <p role="alert" className="rounded-lg bg-warning-bg px-3.5 py-2.5 text-sm font-medium text-warning-fg">
          {t(notice)}
        </p>
      ) : null}
      <Field id={id} label={t('onboarding.codeLabel')} error={error}>
        <FormattedInput
          control={form.control}
          name="code"
          format={(typed) => typed.toUpperCase()}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('onboarding.codePlaceholder')}
          className="font-mono tracking-wider uppercase"
          {...fieldControlProps(id, { error })}
        />
      </Field>
      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {t('onboarding.redeem')}
      </Button>
    </form>
  );
}

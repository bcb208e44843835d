import { magicLinkSchema } from '@curio/contract';
import { KeyRound, Loader2, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '../api/password-reset';
import { authErrorKey, authErrorKind } from '../utils/auth-error';

/**
 * "Forgot or never set a password? Get a link to set one": mails a reset link to the address typed above.
 * Shown the same way for every address (no hint whether it has an account, or a password).
 */
export function PasswordLinkOffer({ email, idPrefix }: { email: string; idPrefix: string }) {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();
  const parsed = magicLinkSchema.safeParse({ email });
  const send = () => {
    if (!parsed.success || mutation.isPending) return;
    mutation.mutate({ email: parsed.data.email });
  };

  if (mutation.isSuccess) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-2.5 text-sm font-medium text-accent-soft-foreground"
        data-testid={`${idPrefix}-reset-sent`}
      >
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('auth.reset.linkSent', { email: parsed.success ? parsed.data.email : email })}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="secondary"
        onClick={send}
        disabled={!parsed.success || mutation.isPending}
        className="h-auto min-h-11 w-full py-2.5 whitespace-normal"
        data-testid={`${idPrefix}-reset-offer`}
      >
        {mutation.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        {t('auth.reset.offerButton')}
      </Button>
      {!parsed.success ? <p className="text-sm text-muted-foreground">{t('auth.reset.offerNeedsEmail')}</p> : null}
      {mutation.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(authErrorKey(authErrorKind(mutation.error)), { origin: window.location.origin })}
        </p>
      ) : null}
    </div>
  );
}

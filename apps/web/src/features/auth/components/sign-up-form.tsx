import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CARRY_ACROSS_NAVIGATION } from '@/components/ui/toaster';
import { authKeys } from '@/lib/query-keys';
import { useSignUp } from '../api/sign-up';
import { CredentialsForm } from './credentials-form';

/**
 * Sign-up. On success a confirmation mail is on its way (the app works meanwhile); the toast saying so
 * stays through the step to onboarding. An address that has an account gets the same 200 but no session
 * (its owner is mailed instead): the form then says "check your mail", and tells nothing more.
 */
export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useSignUp();
  const [checkMail, setCheckMail] = useState<string | null>(null);

  if (checkMail) {
    return (
      <div className="grid gap-4" data-testid="sign-up-check-mail">
        <p role="status" className="flex items-start gap-2 rounded-lg bg-accent-soft px-3.5 py-3 text-sm font-medium text-accent-soft-foreground">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('accountEmail.signUpCheckMail', { email: checkMail })}
        </p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setCheckMail(null);
            mutation.reset();
          }}
        >
          {t('accountEmail.signUpCheckMailBack')}
        </Button>
      </div>
    );
  }
  return (
    <CredentialsForm
      idPrefix="sign-up"
      mode="sign-up"
      mutation={mutation}
      onSuccess={({ email }) => {
        if (!queryClient.getQueryData(authKeys.session())) {
          setCheckMail(email);
          return;
        }
        toast.success(t('auth.verifySent', { email }), { id: `${CARRY_ACROSS_NAVIGATION}verify-mail`, duration: 6000 });
        onSuccess();
      }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CARRY_ACROSS_NAVIGATION } from '@/components/ui/toaster';
import { useSignUp } from '../api/sign-up';
import { CredentialsForm } from './credentials-form';

/**
 * Sign-up. On success a confirmation mail is on its way (the app works meanwhile); the toast saying so
 * stays through the step to onboarding.
 */
export function SignUpForm({ onSuccess, onSwitchToSignIn }: { onSuccess: () => void; onSwitchToSignIn?: (email: string) => void }) {
  const { t } = useTranslation();
  const mutation = useSignUp();
  return (
    <CredentialsForm
      idPrefix="sign-up"
      mode="sign-up"
      mutation={mutation}
      onSwitchToSignIn={onSwitchToSignIn}
      onSuccess={({ email }) => {
        toast.success(t('auth.verifySent', { email }), { id: `${CARRY_ACROSS_NAVIGATION}verify-mail`, duration: 6000 });
        onSuccess();
      }}
    />
  );
}

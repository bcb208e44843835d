import { currentTwoFactorChallenge } from '@/lib/two-factor-challenge';
import { useSignIn } from '../api/sign-in';
import { CredentialsForm } from './credentials-form';

/**
 * Email + password. When the account has a second factor the password step ends without a session and
 * the sign-in page shows the code step instead (lib/two-factor-challenge), so `onSuccess` waits for it.
 */
export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const mutation = useSignIn();
  const done = () => {
    if (!currentTwoFactorChallenge()) onSuccess();
  };
  return <CredentialsForm idPrefix="sign-in" mode="sign-in" mutation={mutation} onSuccess={done} />;
}

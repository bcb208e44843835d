import { useSignIn } from '../api/sign-in';
import { CredentialsForm } from './credentials-form';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const mutation = useSignIn();
  return <CredentialsForm idPrefix="sign-in" mode="sign-in" mutation={mutation} onSuccess={onSuccess} />;
}

import { useSignIn } from '../api/sign-in';
import { CredentialsForm } from './credentials-form';

export function SignInForm({ onSuccess, initialEmail }: { onSuccess: () => void; initialEmail?: string }) {
  const mutation = useSignIn();
  return <CredentialsForm idPrefix="sign-in" mode="sign-in" mutation={mutation} onSuccess={onSuccess} initialEmail={initialEmail} />;
}

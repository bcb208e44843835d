import { useSignUp } from '../api/sign-up';
import { CredentialsForm } from './credentials-form';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const mutation = useSignUp();
  return <CredentialsForm idPrefix="sign-up" mode="sign-up" mutation={mutation} onSuccess={onSuccess} />;
}

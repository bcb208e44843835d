import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';
import { browserSupportsPasskeys, webAuthnErrorKey } from '@/lib/webauthn-errors';

/** "Sign in with a passkey": the browser offers the passkeys it holds for this site; no address needed. */
export function PasskeySignIn({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const { refreshSession } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    if (pending) return;
    if (!browserSupportsPasskeys()) return setError('authPasskey.errors.unsupportedBrowser');
    setPending(true);
    setError(null);
    try {
      const client = await loadAuthClient();
      const result = await client.signIn.passkey();
      if (result?.error) throw toAuthError(result.error);
      await refreshSession();
      onSuccess();
    } catch (err) {
      setError(webAuthnErrorKey(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={() => void signIn()}
        disabled={pending}
        aria-describedby={error ? 'passkey-sign-in-error' : undefined}
      >
        {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        {t('authPasskey.signIn')}
      </Button>
      {error ? (
        <p id="passkey-sign-in-error" role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

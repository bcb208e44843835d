import { Loader2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { isApiError } from '@/lib/api-client';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';

/** An injected EIP-1193 provider (`window.ethereum`): only `request` is used. */
type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** A wallet's refusal or failure, carried as an error with a translation key. */
class WalletError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** EIP-1193 error codes: 4001 refused by the person, -32002 a request already waiting in the wallet. */
function walletErrorKey(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 4001 || code === 'ACTION_REJECTED') return 'authEthereum.errors.refused';
  if (code === -32002) return 'authEthereum.errors.pending';
  if (code === 4100 || code === 4900 || code === 4901) return 'authEthereum.errors.disconnected';
  return 'authEthereum.errors.wallet';
}

/** The server's codes (auth/plugins/siwe.ts and better-auth's) to messages. */
const SERVER_KEYS: Record<string, string> = {
  SIWE_MESSAGE_MALFORMED: 'malformed',
  SIWE_INVALID_ADDRESS: 'invalidAddress',
  SIWE_INVALID_CHAIN_ID: 'invalidChainId',
  SIWE_DOMAIN_MISMATCH: 'domainMismatch',
  SIWE_URI_MISMATCH: 'domainMismatch',
  SIWE_INVALID_VERSION: 'malformed',
  SIWE_INVALID_NONCE: 'expired',
  SIWE_INVALID_STATEMENT: 'malformed',
  SIWE_INVALID_ISSUED_AT: 'clock',
  SIWE_MESSAGE_EXPIRED: 'clock',
  SIWE_MESSAGE_NOT_YET_VALID: 'clock',
  SIWE_INVALID_SIGNATURE: 'invalidSignature',
  UNAUTHORIZED_INVALID_OR_EXPIRED_NONCE: 'expired',
  UNAUTHORIZED_SIWE_MESSAGE_MISMATCH: 'malformed',
  UNAUTHORIZED_SIWE_MESSAGE_EXPIRED: 'clock',
  BANNED_USER: 'suspended',
};

export function ethereumErrorKey(error: unknown) {
  if (error instanceof WalletError) return error.key;
  if (isApiError(error)) {
    const key = SERVER_KEYS[error.code];
    if (key) return `authEthereum.errors.${key}`;
    if (error.status === 429) return 'auth.errors.rateLimited';
    if (error.status === 0) return 'auth.errors.network';
  }
  return 'authEthereum.errors.generic';
}

const toHex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** An EIP-4361 message for this site (domain and URI from the page's address, which is PUBLIC_URL). */
export function siweMessage(f: { address: string; chainId: number; nonce: string; statement: string; now?: Date }) {
  const now = f.now ?? new Date();
  const expires = new Date(now.getTime() + 10 * 60 * 1000);
  // The spec's rule: a statement without a line break.
  const statement = f.statement.replace(/\s+/g, ' ').trim();
  return [
    `${window.location.host} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    ...(statement ? [statement, ''] : []),
    `URI: ${window.location.origin}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${now.toISOString()}`,
    `Expiration Time: ${expires.toISOString()}`,
  ].join('\n');
}

/**
 * "Sign in with Ethereum" through the browser's own wallet (EIP-1193, no wallet SDK): the wallet shares
 * an address and its chain, the server hands a nonce, the wallet signs the EIP-4361 message
 * (`personal_sign`) and the server checks it. A new wallet gets an account and goes through onboarding.
 */
export function EthereumSignIn({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const { refreshSession } = useAuth();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const wallet = async <T,>(provider: Eip1193Provider, method: string, params?: unknown[]) => {
    try {
      return (await provider.request({ method, params })) as T;
    } catch (err) {
      throw new WalletError(walletErrorKey(err));
    }
  };

  const signIn = async () => {
    if (pending) return;
    setError(null);
    const provider = window.ethereum;
    if (!provider || typeof provider.request !== 'function') return setError('authEthereum.errors.noWallet');
    setPending(true);
    try {
      const accounts = await wallet<string[]>(provider, 'eth_requestAccounts');
      const address = accounts?.[0];
      if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new WalletError('authEthereum.errors.noAccount');
      const chainId = Number.parseInt(await wallet<string>(provider, 'eth_chainId'), 16);
      if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new WalletError('authEthereum.errors.wallet');

      const client = await loadAuthClient();
      const nonce = await client.siwe.nonce({});
      if (nonce.error || !nonce.data) throw toAuthError(nonce.error);
      const message = siweMessage({ address, chainId, nonce: nonce.data.nonce, statement: t('authEthereum.statement', { appName: env.appName }) });
      const signature = await wallet<string>(provider, 'personal_sign', [toHex(message), address]);
      const verified = await client.siwe.verify({ message, signature });
      if (verified.error) throw toAuthError(verified.error);
      await refreshSession();
      onSuccess();
    } catch (err) {
      setError(ethereumErrorKey(err));
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
        aria-describedby={error ? 'ethereum-sign-in-error' : undefined}
      >
        {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Wallet aria-hidden="true" />}
        {t('authEthereum.signIn')}
      </Button>
      {error ? (
        <p id="ethereum-sign-in-error" role="alert" className="rounded-lg bg-danger-bg px-3.5 py-2.5 text-sm font-medium text-danger-fg">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

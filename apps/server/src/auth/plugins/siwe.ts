import { siwe } from 'better-auth/plugins';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { verifyMessage } from 'viem';
import type { AuthPluginDeps } from './deps';

/** Sign-In with Ethereum (EIP-4361): the message's fields are checked, then the signature. */
export function siwePlugin({ env }: AuthPluginDeps) {
  const domain = new URL(env.PUBLIC_URL).host;
  return siwe({
    domain,
    anonymous: true,
    getNonce: async () => generateSiweNonce(),
    verifyMessage: async ({ message, signature, address }) => {
      const fields = parseSiweMessage(message);
      if (!validateSiweMessage({ message: fields, domain, address: address as `0x${string}` })) return false;
      return verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` });
    },
  });
}

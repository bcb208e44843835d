import { siwe } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyMessage } from 'viem';
import { generateSiweNonce } from 'viem/siwe';
import type { AuthPluginDeps } from './deps';

/**
 * Why a Sign-In with Ethereum message is refused; each is better-auth's `code` in a 401 answer and is
 * translated in the web. The message is checked field by field before its signature.
 */
export const SIWE_ERROR_CODES = {
  MALFORMED: 'SIWE_MESSAGE_MALFORMED',
  INVALID_ADDRESS: 'SIWE_INVALID_ADDRESS',
  INVALID_CHAIN_ID: 'SIWE_INVALID_CHAIN_ID',
  DOMAIN_MISMATCH: 'SIWE_DOMAIN_MISMATCH',
  URI_MISMATCH: 'SIWE_URI_MISMATCH',
  INVALID_VERSION: 'SIWE_INVALID_VERSION',
  INVALID_NONCE: 'SIWE_INVALID_NONCE',
  INVALID_STATEMENT: 'SIWE_INVALID_STATEMENT',
  INVALID_ISSUED_AT: 'SIWE_INVALID_ISSUED_AT',
  EXPIRED: 'SIWE_MESSAGE_EXPIRED',
  NOT_YET_VALID: 'SIWE_MESSAGE_NOT_YET_VALID',
  INVALID_SIGNATURE: 'SIWE_INVALID_SIGNATURE',
} as const;
export type SiweErrorCode = (typeof SIWE_ERROR_CODES)[keyof typeof SIWE_ERROR_CODES];

const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Ethereum account:$/;
const FIELD = /^([A-Za-z ]+): (.*)$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CHAIN_ID = /^[1-9][0-9]{0,15}$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface SiweExpectations {
  /** PUBLIC_URL's host (with its port when it has one). */
  domain: string;
  /** PUBLIC_URL's origin: the message's URI must be on it. */
  origin: string;
  now?: Date;
}

/**
 * Checks an EIP-4361 message's layout and fields against the spec's rules (address 0x + 40 hex, an integer
 * chain id, this site's domain and URI, version 1, a nonce of 8 or more letters and digits, a statement on
 * one line, not expired). Returns the first failure's code, or null. The nonce being the one issued and
 * the signature are checked afterwards (by the plugin and by `verifyMessage`).
 */
export function checkSiweMessage(message: string, expect: SiweExpectations): SiweErrorCode | null {
  const lines = message.split('\n');
  const header = HEADER.exec(lines[0] ?? '');
  if (!header || lines[2] !== '') return SIWE_ERROR_CODES.MALFORMED;
  const uriLine = lines.findIndex((line, i) => i >= 3 && line.startsWith('URI: '));
  if (uriLine < 0) return SIWE_ERROR_CODES.MALFORMED;
  // Between the blank line after the address and the URI: nothing, or a statement and a blank line.
  const statement = lines.slice(3, uriLine);
  if (statement.length > 0 && statement.at(-1) !== '') return SIWE_ERROR_CODES.MALFORMED;
  const statementLines = statement.slice(0, -1);
  const fields = new Map<string, string>();
  for (const line of lines.slice(uriLine)) {
    const match = FIELD.exec(line);
    if (match && !fields.has(match[1]!)) fields.set(match[1]!, match[2]!);
  }

  if (!ADDRESS.test(lines[1] ?? '')) return SIWE_ERROR_CODES.INVALID_ADDRESS;
  const chainId = fields.get('Chain ID');
  if (!chainId || !CHAIN_ID.test(chainId) || !Number.isSafeInteger(Number(chainId))) return SIWE_ERROR_CODES.INVALID_CHAIN_ID;
  if (header[2]!.toLowerCase() !== expect.domain.toLowerCase()) return SIWE_ERROR_CODES.DOMAIN_MISMATCH;
  if (!sameOrigin(fields.get('URI'), expect.origin)) return SIWE_ERROR_CODES.URI_MISMATCH;
  if (fields.get('Version') !== '1') return SIWE_ERROR_CODES.INVALID_VERSION;
  if (!NONCE.test(fields.get('Nonce') ?? '')) return SIWE_ERROR_CODES.INVALID_NONCE;
  if (statementLines.length > 1 || statementLines.some((line) => line === '' || line.includes('\r'))) return SIWE_ERROR_CODES.INVALID_STATEMENT;

  const now = (expect.now ?? new Date()).getTime();
  const issuedAt = fields.get('Issued At');
  if (!issuedAt || !validDate(issuedAt)) return SIWE_ERROR_CODES.INVALID_ISSUED_AT;
  const expiresAt = fields.get('Expiration Time');
  if (expiresAt !== undefined && (!validDate(expiresAt) || now >= Date.parse(expiresAt))) return SIWE_ERROR_CODES.EXPIRED;
  const notBefore = fields.get('Not Before');
  if (notBefore !== undefined && (!validDate(notBefore) || now < Date.parse(notBefore))) return SIWE_ERROR_CODES.NOT_YET_VALID;
  return null;
}

function validDate(value: string) {
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

function sameOrigin(uri: string | undefined, origin: string) {
  if (!uri) return false;
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}

function refuse(code: SiweErrorCode, message: string): never {
  throw new APIError('UNAUTHORIZED', { code, message });
}

const MESSAGES: Record<SiweErrorCode, string> = {
  SIWE_MESSAGE_MALFORMED: 'The message is not a Sign-In with Ethereum message',
  SIWE_INVALID_ADDRESS: 'The address must be 0x followed by 40 hexadecimal characters',
  SIWE_INVALID_CHAIN_ID: 'The chain id must be a positive integer',
  SIWE_DOMAIN_MISMATCH: 'The message is for another domain',
  SIWE_URI_MISMATCH: 'The message is for another site',
  SIWE_INVALID_VERSION: "The message's version must be 1",
  SIWE_INVALID_NONCE: 'The nonce must be at least 8 letters or digits',
  SIWE_INVALID_STATEMENT: 'The statement must not contain a line break',
  SIWE_INVALID_ISSUED_AT: "The message's issue time is missing or invalid",
  SIWE_MESSAGE_EXPIRED: 'The message has expired',
  SIWE_MESSAGE_NOT_YET_VALID: 'The message is not valid yet',
  SIWE_INVALID_SIGNATURE: 'The signature does not match the address',
};

/**
 * Sign-In with Ethereum (EIP-4361). The nonce comes from `/siwe/nonce` (kept 15 minutes, used once). At
 * `/siwe/verify` the message's fields are checked first (checkSiweMessage, each failure its own code), then
 * the plugin consumes the nonce (it must be the one issued) and the signature is verified with viem.
 * A wallet account has no mailbox: `anonymous` keeps the plugin's placeholder address
 * (`0x…@siwe.placeholder.invalid`), and the person goes through onboarding like anyone else.
 */
export function siwePlugin({ env }: AuthPluginDeps) {
  const publicUrl = new URL(env.PUBLIC_URL);
  const expect = { domain: publicUrl.host, origin: publicUrl.origin };
  const plugin = siwe({
    domain: expect.domain,
    anonymous: true,
    getNonce: async () => generateSiweNonce(),
    verifyMessage: async ({ message, signature, address }) => {
      let valid = false;
      try {
        valid = await verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` });
      } catch {
        valid = false;
      }
      if (!valid) refuse(SIWE_ERROR_CODES.INVALID_SIGNATURE, MESSAGES.SIWE_INVALID_SIGNATURE);
      return true;
    },
  });
  return {
    ...plugin,
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === '/siwe/verify',
          handler: createAuthMiddleware(async (ctx) => {
            const message = (ctx.body as { message?: unknown } | undefined)?.message;
            // Anything else than a string is the endpoint's own validation to refuse.
            if (typeof message !== 'string' || !message) return;
            const code = checkSiweMessage(message, expect);
            if (code) refuse(code, MESSAGES[code]);
          }),
        },
      ],
    },
  };
}

import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { checkSiweMessage, SIWE_ERROR_CODES } from './plugins/siwe';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DOMAIN = new URL(TEST_ORIGIN).host;

async function nonce() {
  const res = await t.request('/auth/v1/siwe/nonce', { body: {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { nonce: string }).nonce;
}

type Fields = {
  domain: string;
  address: string;
  statement: string | null;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
};

/** An EIP-4361 message written by hand, so that a test can put any value in any field. */
function message(f: Fields) {
  const statement = f.statement === null ? '' : `${f.statement}\n\n`;
  const expiry = f.expirationTime ? `\nExpiration Time: ${f.expirationTime}` : '';
  return `${f.domain} wants you to sign in with your Ethereum account:\n${f.address}\n\n${statement}URI: ${f.uri}\nVersion: ${f.version}\nChain ID: ${f.chainId}\nNonce: ${f.nonce}\nIssued At: ${f.issuedAt}${expiry}`;
}

async function wallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  const fields = async (patch: Partial<Fields> = {}): Promise<Fields> => ({
    domain: DOMAIN,
    address: account.address,
    statement: 'Sign in to Curio.',
    uri: TEST_ORIGIN,
    version: '1',
    chainId: '1',
    nonce: patch.nonce ?? (await nonce()),
    issuedAt: new Date().toISOString(),
    ...patch,
  });
  const verify = async (text: string, signature?: string) => {
    const res = await t.request('/auth/v1/siwe/verify', { body: { message: text, signature: signature ?? (await account.signMessage({ message: text })) } });
    return {
      status: res.status,
      json: (await res.json()) as { code?: string; success?: boolean; user?: { id: string; walletAddress: string; chainId: number } },
      cookie: cookieFrom(res),
    };
  };
  return { account, fields, verify };
}

describe('Sign-In with Ethereum', () => {
  it('signs a new wallet in with a message built by viem: an account with a placeholder address, then the same account again', async () => {
    const w = await wallet();
    const text = createSiweMessage({
      domain: DOMAIN,
      address: w.account.address,
      statement: 'Sign in to Curio.',
      uri: TEST_ORIGIN,
      version: '1',
      chainId: 1,
      nonce: await nonce(),
    });
    const first = await w.verify(text);
    expect(first.status).toBe(200);
    expect(first.json.success).toBe(true);
    expect(first.json.user?.walletAddress).toBe(w.account.address);

    const session = (await (await t.request('/auth/v1/get-session', { cookie: first.cookie })).json()) as {
      user: { id: string; email: string; emailVerified: boolean };
    };
    expect(session.user.id).toBe(first.json.user!.id);
    expect(session.user.email).toBe(`${w.account.address.toLowerCase()}@siwe.placeholder.invalid`);
    expect(session.user.emailVerified).toBe(false);
    // No profile yet: the web sends the person through onboarding, which works with this session.
    const me = await t.call('profile-me', { cookie: first.cookie });
    expect(me.status).toBe(200);
    expect(me.json.profile).toBeNull();
    const onboarded = await t.call('onboarding-complete', {
      cookie: first.cookie,
      body: { handle: `eth${Date.now().toString(36)}`, displayName: 'Wallet Collector', bio: '', public: true },
    });
    expect(onboarded.status).toBe(200);

    const again = await w.verify(message(await w.fields()));
    expect(again.status).toBe(200);
    expect(again.json.user?.id).toBe(first.json.user!.id);
    // Nothing is mailed to the placeholder address.
    expect(t.mails.some((m) => m.to.endsWith('.invalid'))).toBe(false);
  });

  it('a statement is optional', async () => {
    const w = await wallet();
    expect((await w.verify(message(await w.fields({ statement: null })))).status).toBe(200);
  });

  it.each([
    ['an address that is not 0x + 40 hex', { address: '0x1234' }, SIWE_ERROR_CODES.INVALID_ADDRESS],
    ['a chain id that is not an integer', { chainId: '1.5' }, SIWE_ERROR_CODES.INVALID_CHAIN_ID],
    ['a chain id of 0', { chainId: '0' }, SIWE_ERROR_CODES.INVALID_CHAIN_ID],
    ['another domain', { domain: 'evil.example' }, SIWE_ERROR_CODES.DOMAIN_MISMATCH],
    ['a URI on another site', { uri: 'https://evil.example/login' }, SIWE_ERROR_CODES.URI_MISMATCH],
    ['version 2', { version: '2' }, SIWE_ERROR_CODES.INVALID_VERSION],
    ['a nonce shorter than 8 characters', { nonce: 'abc123' }, SIWE_ERROR_CODES.INVALID_NONCE],
    ['a statement with a line break', { statement: 'Sign in\nand send all my tokens' }, SIWE_ERROR_CODES.INVALID_STATEMENT],
    ['an expired message', { expirationTime: new Date(Date.now() - 60_000).toISOString() }, SIWE_ERROR_CODES.EXPIRED],
    ['a missing issue time', { issuedAt: 'yesterday' }, SIWE_ERROR_CODES.INVALID_ISSUED_AT],
  ] as const)('refuses %s with its own code, before the signature is looked at', async (_label, patch, code) => {
    const w = await wallet();
    const text = message(await w.fields(patch));
    const res = await w.verify(text);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(code);
    expect(res.cookie).not.toContain('session_token');
  });

  it('refuses a nonce the server never issued, and a nonce used twice', async () => {
    const w = await wallet();
    const invented = await w.verify(message(await w.fields({ nonce: 'abcdefgh12345678' })));
    expect(invented.status).toBe(401);
    expect(invented.json.code).toBe('UNAUTHORIZED_INVALID_OR_EXPIRED_NONCE');

    const text = message(await w.fields());
    expect((await w.verify(text)).status).toBe(200);
    const replay = await w.verify(text);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('UNAUTHORIZED_INVALID_OR_EXPIRED_NONCE');
  });

  it('refuses a signature by another key, and one that is not a signature', async () => {
    const w = await wallet();
    const other = privateKeyToAccount(generatePrivateKey());
    const text = message(await w.fields());
    const forged = await w.verify(text, await other.signMessage({ message: text }));
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe(SIWE_ERROR_CODES.INVALID_SIGNATURE);

    const garbage = await w.verify(message(await w.fields()), '0xnotasignature');
    expect(garbage.status).toBe(401);
    expect(garbage.json.code).toBe(SIWE_ERROR_CODES.INVALID_SIGNATURE);
  });

  it('refuses text that is not a SIWE message', async () => {
    const w = await wallet();
    const res = await w.verify('Please sign this to win a prize');
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(SIWE_ERROR_CODES.MALFORMED);
  });
});

describe('checkSiweMessage', () => {
  const expectations = { domain: 'curio.example:8443', origin: 'https://curio.example:8443' };
  const base: Fields = {
    domain: 'curio.example:8443',
    address: '0x' + 'ab'.repeat(20),
    statement: 'Hello',
    uri: 'https://curio.example:8443/login',
    version: '1',
    chainId: '137',
    nonce: 'abcdefgh',
    issuedAt: '2026-01-01T00:00:00.000Z',
  };
  it('accepts a message for the site (a port in the domain, a path in the URI)', () => {
    expect(checkSiweMessage(message(base), expectations)).toBeNull();
  });
  it('refuses a message that is not valid yet', () => {
    const text = `${message(base)}\nNot Before: 2999-01-01T00:00:00Z`;
    expect(checkSiweMessage(text, expectations)).toBe(SIWE_ERROR_CODES.NOT_YET_VALID);
  });
  it('refuses the same host on another port, and a URI on http instead of https', () => {
    expect(checkSiweMessage(message({ ...base, domain: 'curio.example' }), expectations)).toBe(SIWE_ERROR_CODES.DOMAIN_MISMATCH);
    expect(checkSiweMessage(message({ ...base, uri: 'http://curio.example:8443/' }), expectations)).toBe(SIWE_ERROR_CODES.URI_MISMATCH);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { E2E_ORIGIN } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { shot } from './support/shots';

type WalletBehaviour = 'signs' | 'refuses';

/**
 * A fake injected wallet (EIP-1193 `window.ethereum`): it shares one address on chain 1, and its
 * `personal_sign` asks Node to sign with a key made for the test (viem), or refuses as a person would.
 */
async function injectWallet(page: Page, behaviour: WalletBehaviour = 'signs') {
  const account = privateKeyToAccount(generatePrivateKey());
  const signed: string[] = [];
  await page.exposeFunction('curioTestSign', async (hex: `0x${string}`, address: string) => {
    expect(address).toBe(account.address);
    signed.push(Buffer.from(hex.slice(2), 'hex').toString('utf8'));
    return account.signMessage({ message: { raw: hex } });
  });
  await page.addInitScript(
    ({ address, behaviour }) => {
      const w = window as unknown as { ethereum: unknown; curioTestSign: (hex: string, address: string) => Promise<string> };
      w.ethereum = {
        async request({ method, params }: { method: string; params?: string[] }) {
          if (method === 'eth_requestAccounts') return [address];
          if (method === 'eth_chainId') return '0x1';
          if (method === 'personal_sign') {
            if (behaviour === 'refuses') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
            return w.curioTestSign(params![0]!, params![1]!);
          }
          throw Object.assign(new Error('Unsupported method'), { code: 4200 });
        },
      };
    },
    { address: account.address, behaviour },
  );
  return { account, signed };
}

test('a new wallet signs in by keyboard, goes through onboarding, and the same wallet signs in again to the same account', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await injectWallet(page);
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in with Ethereum' });
  await expectNoAxeViolations(page, 'login with the Ethereum button');
  await button.focus();
  await page.keyboard.press('Enter');
  // A new account has no profile yet: onboarding, as for anyone.
  await expect(page).toHaveURL(/\/onboarding$/);

  // The message the wallet signed: this site, this address, version 1, chain 1, a one-line statement.
  const message = wallet.signed[0]!;
  const host = new URL(E2E_ORIGIN).host;
  expect(message.split('\n').slice(0, 4)).toEqual([
    `${host} wants you to sign in with your Ethereum account:`,
    wallet.account.address,
    '',
    'Sign in to Curio with this wallet.',
  ]);
  expect(message).toContain(`URI: ${E2E_ORIGIN}\nVersion: 1\nChain ID: 1\nNonce: `);

  const session = await (await page.request.get('/auth/v1/get-session')).json();
  const userId = session.user.id as string;

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Ethereum' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect((await (await page.request.get('/auth/v1/get-session')).json()).user.id).toBe(userId);
});

test('a refused signature and a missing wallet are told, in both languages', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await injectWallet(page, 'refuses');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Ethereum' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The wallet request was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page, 'login with a refused wallet request');
  await shot(page, `passkeys-login-ethereum-refused-desktop-en`, { fullPage: true });

  const context = await browser.newContext();
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  await phone.goto('/login');
  await phone.getByRole('button', { name: '使用以太坊登录' }).click();
  await expect(phone.getByRole('alert').filter({ hasText: '此浏览器中没有以太坊钱包' })).toBeVisible();
  await expectNoAxeViolations(phone, 'login without a wallet, Chinese, phone');
  await shot(phone, `passkeys-login-no-wallet-phone-zh`, { fullPage: true });
  await context.close();
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithOidc } from './oidc';

type SocialInput = { callbackURL: string; errorCallbackURL: string; newUserCallbackURL: string };
const fake = vi.hoisted(() => ({ social: vi.fn(async (_input: SocialInput) => ({ data: { url: 'https://id.example/authorize' }, error: null })) }));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  loadAuthClient: async () => ({ signIn: { social: fake.social } }),
}));

describe('where a sign-in at the provider comes back to', () => {
  beforeEach(() => {
    fake.social.mockClear();
    vi.stubGlobal('location', { assign: vi.fn() });
  });

  const asked = async (callbackURL?: string) => {
    void signInWithOidc(callbackURL);
    await vi.waitFor(() => expect(fake.social).toHaveBeenCalled());
    return fake.social.mock.calls[0]![0];
  };

  it('lands on the landing step without a page to return to, and a failure on /login with its code alone', async () => {
    const input = await asked();
    expect(input.callbackURL).toBe('/signed-in');
    expect(input.errorCallbackURL).toBe('/login?via=oidc');
  });

  it('treats the landing step given by /login as no page to return to', async () => {
    expect((await asked('/signed-in')).errorCallbackURL).toBe('/login?via=oidc');
  });

  it('keeps a page to return to as the error page’s next, for another try', async () => {
    const input = await asked('/admin');
    expect(input.callbackURL).toBe('/admin');
    expect(input.errorCallbackURL).toBe('/login?via=oidc&next=%2Fadmin');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sameOriginPath, sendMagicLink } from './send-magic-link';

const fake = vi.hoisted(() => ({ magicLink: vi.fn(async (_input: { email: string; callbackURL: string }) => ({ data: { status: true }, error: null })) }));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  loadAuthClient: async () => ({ signIn: { magicLink: fake.magicLink } }),
}));

describe('where a mailed sign-in link returns', () => {
  beforeEach(() => fake.magicLink.mockClear());

  it('keeps paths on this site, and turns anything else into /', () => {
    expect(sameOriginPath('/login?client_id=abc&redirect_uri=https%3A%2F%2Fclient.example%2Fcb')).toBe(
      '/login?client_id=abc&redirect_uri=https%3A%2F%2Fclient.example%2Fcb',
    );
    for (const bad of [undefined, '', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'login']) {
      expect(sameOriginPath(bad)).toBe('/');
    }
  });

  it('asks for a link back to the given path, or / without one', async () => {
    await sendMagicLink({ email: 'ada@example.com', callbackURL: '/login?client_id=abc' });
    await sendMagicLink({ email: 'ada@example.com' });
    await sendMagicLink({ email: 'ada@example.com', callbackURL: '//evil.example/' });
    expect(fake.magicLink.mock.calls.map((c) => c[0].callbackURL)).toEqual(['/login?client_id=abc', '/', '/']);
  });
});

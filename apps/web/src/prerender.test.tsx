import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionOutput } from '@curio/contract';
import { renderExplore, renderItem, renderProfile } from './prerender';

const placed = (col: number) => ({ id: `item-${col}`, title: `Tin robot ${col}`, imageId: `image-${col}`, altText: null, nsfw: false, col, row: 0 });
const profile = {
  access: 'visible',
  profile: {
    userId: 'u1',
    handle: 'ada',
    displayName: 'Ada Lovelace',
    avatarImageId: null,
    bio: 'Tin robots and space toys.',
    public: true,
    followersCount: 12,
    followingCount: 3,
  },
  viewer: { signedIn: false, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false },
  shelf: { layout: { cols: 5, rows: 4 }, placed: [placed(0), placed(1), placed(2)], overflow: [] },
} as unknown as FunctionOutput<'profile-get'>;

describe('pages rendered on the server', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leave no timer behind: a query left in the page’s cache would keep the whole cache for five minutes', async () => {
    // The first render loads the language's catalog; the ones measured below find it loaded.
    await renderProfile('/u/ada', 'ada', 'en', profile);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const page = await renderProfile('/u/ada', 'ada', 'en', profile);
    expect(page.html).toContain('Ada Lovelace');
    expect(page.html).toContain('Tin robot 1');
    await renderExplore('/explore', 'en', { items: [], nextCursor: null } as unknown as FunctionOutput<'explore-list'>);
    await renderItem('/i/missing', 'missing', 'en', null as unknown as FunctionOutput<'item-get'>);
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionOutput } from '@curio/contract';
// @ts-expect-error: a plain ES module script without types
import { CALIBRATION_PROFILE } from '../scripts/lighthouse-gate.mjs';
import { renderExplore, renderItem, renderProfile } from './prerender';

/** The guest profile the Lighthouse gate calibrates with: a full 5 × 4 shelf and a bio. */
const profile = CALIBRATION_PROFILE as FunctionOutput<'profile-get'>;

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

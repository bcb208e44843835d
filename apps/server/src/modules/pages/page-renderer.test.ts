import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createPageRenderer, type PageRenderer, type ProfileRender } from './page-renderer';

/** A worker in the place of the web build's render-worker.mjs: answers with what it was asked, or as `behaviour` says. */
function workerDir(behaviour: 'echo' | 'slow' | 'fail' | 'crash-on-load' | 'slow-start') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-render-'));
  writeFileSync(
    path.join(dir, 'render-worker.mjs'),
    `import { parentPort } from 'node:worker_threads';
${behaviour === 'crash-on-load' ? "throw new Error('the bundle does not load');" : ''}
${behaviour === 'slow-start' ? 'await new Promise((r) => setTimeout(r, 600));' : ''}
parentPort.on('message', (m) => {
  if ('${behaviour}' === 'slow') return;
  if ('${behaviour}' === 'fail') return parentPort.postMessage({ id: m.id, error: 'no such route' });
  if (m.kind !== 'profile') return parentPort.postMessage({ id: m.id, html: '<h1>' + m.kind + ' ' + m.lng + ' ' + m.path + ' ' + (m.itemId ?? '') + '</h1>', data: JSON.stringify(m.data) });
  parentPort.postMessage({ id: m.id, html: '<h1>' + m.data.profile.displayName + ' ' + m.lng + ' ' + m.path + '</h1>', data: '<script>' + m.handle + '</script>', meta: { title: m.data.profile.displayName, description: 'd' } });
});
parentPort.postMessage({ ready: true });
`,
  );
  return dir;
}

const request = (displayName: string): ProfileRender => ({
  path: '/u/ada',
  handle: 'ada',
  lng: 'zh-CN',
  profile: {
    access: 'visible',
    profile: { userId: 'u1', handle: 'ada', displayName, avatarImageId: null, bio: null, public: true, followersCount: 0, followingCount: 0 },
    viewer: { signedIn: false, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false },
    shelf: null,
  },
});

let renderer: PageRenderer | null = null;
afterEach(async () => {
  await renderer?.close();
  renderer = null;
});
const logger = createLogger('silent');

describe('the page renderer', () => {
  it('renders in a worker thread, one answer per page, pages asked side by side each getting its own', async () => {
    renderer = createPageRenderer({ dir: workerDir('echo'), logger });
    const [a, b] = await Promise.all([renderer.profile(request('Ada')), renderer.profile(request('Grace'))]);
    expect(a).toEqual({ html: '<h1>Ada zh-CN /u/ada</h1>', data: '<script>ada</script>', meta: { title: 'Ada', description: 'd' } });
    expect(b?.html).toBe('<h1>Grace zh-CN /u/ada</h1>');
  });

  it('asks the worker for explore and an item page with the data they are rendered from', async () => {
    renderer = createPageRenderer({ dir: workerDir('echo'), logger });
    const page = { items: [], nextPage: null, snapshot: 's' };
    const explore = await renderer.explore({ path: '/explore', lng: 'en', page });
    expect(explore).toEqual({ html: '<h1>explore en /explore </h1>', data: JSON.stringify(page), meta: null });
    const item = {
      access: 'private' as const,
      item: null,
      owner: null,
      viewer: { signedIn: false, isOwner: false, isAdmin: false, liked: false, saved: false },
    };
    const rendered = await renderer.item({ path: '/i/x?from=share', itemId: 'x', lng: 'zh-CN', item });
    expect(rendered).toEqual({ html: '<h1>item zh-CN /i/x?from=share x</h1>', data: JSON.stringify(item), meta: null });
  });

  it('answers null (the skeleton) without a bundle, for a failed render and for one that takes too long', async () => {
    renderer = createPageRenderer({ dir: path.join(os.tmpdir(), 'curio-no-such-bundle'), logger });
    expect(await renderer.profile(request('Ada'))).toBeNull();
    await renderer.close();
    renderer = createPageRenderer({ dir: workerDir('fail'), logger });
    expect(await renderer.profile(request('Ada'))).toBeNull();
    await renderer.close();
    renderer = createPageRenderer({ dir: workerDir('slow'), logger, timeoutMs: 300 });
    const started = Date.now();
    expect(await renderer.profile(request('Ada'))).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('waits for a worker that is slow to start beyond the render’s time-out and its quiet spell, and no longer than it is allowed to start', async () => {
    // Loading the bundle took 3 s on a slow machine: the first page after a quiet spell still renders
    // (and the quiet spell counts from the answer: the worker is not stopped under it).
    renderer = createPageRenderer({ dir: workerDir('slow-start'), logger, timeoutMs: 300, idleMs: 100 });
    expect((await renderer.profile(request('Ada')))?.html).toContain('Ada');
    await renderer.close();
    renderer = createPageRenderer({ dir: workerDir('slow-start'), logger, timeoutMs: 300, startMs: 200 });
    const started = Date.now();
    expect(await renderer.profile(request('Ada'))).toBeNull();
    expect(Date.now() - started).toBeLessThan(550);
  });

  it('gives up on a bundle that does not load after three tries, answering null at once', async () => {
    renderer = createPageRenderer({ dir: workerDir('crash-on-load'), logger });
    for (let i = 0; i < 3; i++) expect(await renderer.profile(request('Ada'))).toBeNull();
    const started = Date.now();
    expect(await renderer.profile(request('Ada'))).toBeNull();
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('stops its worker when idle and starts it again for the next page', async () => {
    // The renderer's timers on a fake clock: its idle time passes when the test says, not by sleeping.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderer = createPageRenderer({ dir: workerDir('echo'), logger, idleMs: 100 });
      expect((await renderer.profile(request('Ada')))?.html).toContain('Ada');
      await vi.advanceTimersByTimeAsync(100);
      expect((await renderer.profile(request('Grace')))?.html).toContain('Grace');
    } finally {
      vi.useRealTimers();
    }
  });
});

import { isWebRoute, WEB_ROUTES } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { pageExists, routes } from './router';

describe('the pages the server knows (WEB_ROUTES)', () => {
  it('are the router’s pages, so that the server answers 404 exactly where the app shows its not-found page', () => {
    const pagePaths = (routes[0]?.children ?? []).map((route) => route.path).filter((path) => path !== paths.notFound.path);
    expect([...pagePaths].sort()).toEqual([...WEB_ROUTES].sort());
  });

  it('match an address as the router does', () => {
    for (const address of [
      '/',
      '/explore',
      '/Explore/',
      '/i/some-id',
      '/u/ada',
      '/me/messages/t1',
      '/mod/reports/r1',
      '/no/such/page',
      '/404',
      '/me',
      '/u',
      '/u/ada/more',
      '/i/',
    ]) {
      expect(isWebRoute(address), address).toBe(pageExists(address));
    }
  });
});

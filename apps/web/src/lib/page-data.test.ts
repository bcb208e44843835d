import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_PAGE_META } from '@curio/contract';
import { PAGE_DATA_ID, pageDataScript, readGuestSession, readPageData, seedQueries } from './page-data';
import { authKeys } from './query-keys';

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove();
  document.querySelector(`meta[name="${GUEST_PAGE_META}"]`)?.remove();
});

describe('a page’s data in its HTML', () => {
  it('travels in a script no text can break out of, and reads back as it was', () => {
    const hostile = { bio: '</script><script>alert(1)</script> <!-- & \u2028 \u2029' };
    const script = pageDataScript([{ key: ['profile', 'handle', 'ada'], data: hostile }]);
    const inner = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    document.body.insertAdjacentHTML('beforeend', script);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readPageData()).toEqual([{ key: ['profile', 'handle', 'ada'], data: hostile }]);
  });

  it('reads nothing from a page without it or with a broken one, and seeds the cache with what it reads', () => {
    expect(readPageData()).toEqual([]);
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="${PAGE_DATA_ID}">{not json</script>`);
    expect(readPageData()).toEqual([]);
    const client = seedQueries(new QueryClient(), [{ key: ['profile', 'handle', 'ada'], data: { access: 'private', handle: 'ada' } }]);
    expect(client.getQueryData(['profile', 'handle', 'ada'])).toEqual({ access: 'private', handle: 'ada' });
    expect(client.getQueryState(['profile', 'handle', 'ada'])?.dataUpdatedAt).toBeGreaterThan(Date.now() - 1_000);
  });

  it('starts signed out, with the session answered, only where the server saw no session', () => {
    expect(readGuestSession()).toEqual([]);
    document.head.insertAdjacentHTML('beforeend', `<meta name="${GUEST_PAGE_META}" content="">`);
    const client = seedQueries(new QueryClient(), readGuestSession());
    expect(client.getQueryState(authKeys.session())?.status).toBe('success');
    expect(client.getQueryData(authKeys.session())).toBeNull();
  });
});

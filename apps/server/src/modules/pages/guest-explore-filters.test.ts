import { describe, expect, it } from 'vitest';
import { guestExploreFilters } from './pages.service';

describe('guestExploreFilters: a guest explore address read as the web app reads it', () => {
  it('reads the sort, range, tag and facts, trimmed, unknown values falling back to the defaults', () => {
    expect(guestExploreFilters('')).toEqual({ sort: 'trending', timeRange: '7d', includeNSFW: false });
    expect(guestExploreFilters('?sort=top&timeRange=30d&tag=%20robots%20&maker=Bandai&line=&character=Zaku+II&utm_source=x')).toEqual({
      sort: 'top',
      timeRange: '30d',
      includeNSFW: false,
      tag: 'robots',
      maker: 'Bandai',
      character: 'Zaku II',
    });
    expect(guestExploreFilters('?sort=hot&timeRange=1y&nsfw=false')).toEqual({ sort: 'trending', timeRange: '7d', includeNSFW: false });
  });

  it('is null for an address asking for NSFW items or naming a filter explore-list refuses', () => {
    expect(guestExploreFilters('?nsfw=true')).toBeNull();
    expect(guestExploreFilters('?nsfw=1&maker=Bandai')).toBeNull();
    expect(guestExploreFilters(`?maker=${'x'.repeat(81)}`)).toBeNull();
    expect(guestExploreFilters('?character=a%00b')).toBeNull();
  });
});

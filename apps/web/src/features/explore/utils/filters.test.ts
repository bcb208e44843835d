import { describe, expect, it } from 'vitest';
import { factParams, filtersFromSearch, filtersToSearch, type ExploreFilters } from './filters';

const parse = (qs: string) => filtersFromSearch(new URLSearchParams(qs));
const write = (f: Partial<ExploreFilters>) => filtersToSearch({ sort: 'trending', timeRange: '7d', tag: null, nsfw: null, ...f }).toString();

describe('explore filters ⇄ query string', () => {
  it('defaults to trending, 7 days, all tags and no nsfw choice', () => {
    expect(parse('')).toEqual({ sort: 'trending', timeRange: '7d', tag: null, nsfw: null });
  });

  it('reads every filter', () => {
    expect(parse('sort=top&timeRange=30d&tag=robots&nsfw=true')).toEqual({ sort: 'top', timeRange: '30d', tag: 'robots', nsfw: true });
    expect(parse('nsfw=false').nsfw).toBe(false);
    expect(parse('nsfw=1').nsfw).toBe(true);
    expect(parse('tag=tin%20toys').tag).toBe('tin toys');
  });

  it('falls back to the defaults for unknown values', () => {
    expect(parse('sort=hot&timeRange=1y&tag=%20%20&nsfw=maybe')).toEqual({ sort: 'trending', timeRange: '7d', tag: null, nsfw: null });
  });

  it('leaves defaults out of the URL', () => {
    expect(write({})).toBe('');
    expect(write({ sort: 'new' })).toBe('sort=new');
    expect(write({ sort: 'top', timeRange: 'all', tag: 'space', nsfw: true })).toBe('sort=top&timeRange=all&tag=space&nsfw=true');
    expect(write({ nsfw: false })).toBe('nsfw=false');
  });

  it('round-trips', () => {
    const qs = 'sort=new&timeRange=24h&tag=vintage+toys&nsfw=true';
    expect(filtersToSearch(parse(qs)).toString()).toBe(qs);
  });

  it('keeps unrelated parameters', () => {
    const next = filtersToSearch({ sort: 'top', timeRange: '7d', tag: null, nsfw: null }, new URLSearchParams('utm=x&sort=new'));
    expect(next.toString()).toBe('utm=x&sort=top');
  });

  it('reads and writes the facts explore is narrowed to, trimmed, only when given', () => {
    expect(parse('maker=%20Bandai%20&line=&character=Zaku%20II')).toEqual({
      sort: 'trending',
      timeRange: '7d',
      tag: null,
      nsfw: null,
      maker: 'Bandai',
      character: 'Zaku II',
    });
    expect(write({ maker: 'Bandai Spirits', line: null })).toBe('maker=Bandai+Spirits');
    const qs = 'sort=top&maker=Bandai&line=Master+Grade';
    expect(filtersToSearch(parse(qs)).toString()).toBe(qs);
    // Removing a chip drops its parameter and keeps the rest.
    expect(filtersToSearch({ ...parse(qs), maker: null }).toString()).toBe('sort=top&line=Master+Grade');
    expect(factParams(parse(qs))).toEqual({ maker: 'Bandai', line: 'Master Grade' });
    expect(factParams(parse(''))).toEqual({});
  });
});

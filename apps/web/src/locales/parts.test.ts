import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh-CN.json';
import { CORE_NAMESPACES, pickPart } from './parts';

describe('catalog parts', () => {
  it.each([
    ['en', en],
    ['zh-CN', zh],
  ] as const)('splits the %s catalog into a core and a rest that share nothing and together make it whole', (_lang, catalog) => {
    const core = pickPart(catalog, 'core');
    const rest = pickPart(catalog, 'rest');
    expect(Object.keys(core).sort()).toEqual([...CORE_NAMESPACES].sort());
    expect(Object.keys(core).filter((ns) => ns in rest)).toEqual([]);
    expect({ ...core, ...rest }).toEqual(catalog);
  });

  it('keeps most of the catalog out of the core part that the first paint waits for', () => {
    const size = (o: object) => JSON.stringify(o).length;
    expect(size(pickPart(en, 'core'))).toBeLessThan(size(en) / 4);
  });
});

import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentMeta } from './use-document-meta';

const canonicals = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((l) => l.href);

describe('useDocumentMeta', () => {
  it('sets the title, the description and one absolute canonical link, removed with the page', () => {
    const page = renderHook(() => useDocumentMeta({ title: 'Tin robot', description: 'A robot on a shelf.', canonical: '/i/abc' }));
    expect(document.title).toBe('Tin robot · Curio');
    expect(document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('A robot on a shelf.');
    expect(canonicals()).toEqual([`${window.location.origin}/i/abc`]);
    page.unmount();
    expect(canonicals()).toEqual([]);
  });

  it('replaces the previous page canonical instead of adding a second one', () => {
    const first = renderHook(() => useDocumentMeta({ canonical: '/explore' }));
    const second = renderHook(() => useDocumentMeta({ canonical: '/u/ada' }));
    expect(canonicals()).toEqual([`${window.location.origin}/u/ada`]);
    first.unmount();
    second.unmount();
  });

  it('falls back to the site description and names no canonical when the page gives none', () => {
    renderHook(() => useDocumentMeta({ title: 'Log in' }));
    expect(document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toMatch(/Curio/);
    expect(canonicals()).toEqual([]);
  });
});

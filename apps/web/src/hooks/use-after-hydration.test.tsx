import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

function Probe() {
  return <span data-testid="probe">{useAfterHydrationModule.useAfterHydration() ? 'ready' : 'waiting'}</span>;
}

let useAfterHydrationModule: typeof import('./use-after-hydration');

async function freshModule() {
  vi.resetModules();
  useAfterHydrationModule = await import('./use-after-hydration');
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** What the hook says on a fresh part's very first render. */
function firstRenderValue(): string | null {
  let seen: string | null = null;
  function FirstRender() {
    const ready = useAfterHydrationModule.useAfterHydration();
    seen ??= ready ? 'ready' : 'waiting';
    return null;
  }
  render(<FirstRender />);
  return seen;
}

describe('useAfterHydration', () => {
  it('is false in the pre-render and on the take-over of its markup, then true', async () => {
    await freshModule();
    const html = renderToString(<Probe />);
    expect(html).toContain('waiting');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const first = container.querySelector('[data-testid="probe"]');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(screen.getByTestId('probe').textContent).toBe('ready');
    // The pre-rendered element was taken over, not replaced.
    expect(screen.getByTestId('probe')).toBe(first);
  });

  it('is true at once for a part mounted after the take-over', async () => {
    await freshModule();
    const { unmount } = render(<Probe />);
    await act(async () => undefined);
    unmount();
    expect(firstRenderValue()).toBe('ready');
  });

  it('is true at once when the app renders without a pre-rendered page', async () => {
    await freshModule();
    useAfterHydrationModule.markHydrated();
    expect(firstRenderValue()).toBe('ready');
  });
});

import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerRenderProvider } from '@/lib/server-render';
import { renderWithProviders } from '@/testing/test-utils';
import { ConsentBanner } from './consent-banner';

describe('ConsentBanner', () => {
  beforeEach(() => {
    // A visitor from Germany who has not chosen yet: the banner is theirs.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows to a likely European visitor who has not chosen, in the browser', async () => {
    renderWithProviders(<ConsentBanner />, { withAuth: false });
    expect(await screen.findByTestId('consent-banner')).toBeTruthy();
  });

  it('renders nothing when the page is rendered outside a browser, for the same visitor (it is left to the client)', () => {
    const html = renderToString(
      <ServerRenderProvider>
        <MemoryRouter>
          <ConsentBanner />
        </MemoryRouter>
      </ServerRenderProvider>,
    );
    expect(html).toBe('');
    // The same tree without the provider, as the browser renders it, does show the banner.
    expect(
      renderToString(
        <MemoryRouter>
          <ConsentBanner />
        </MemoryRouter>,
      ),
    ).toContain('data-testid="consent-banner"');
  });
});

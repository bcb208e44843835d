import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ErrorBoundary } from './error-boundary';

const analytics = vi.hoisted(() => ({ track: vi.fn() }));
vi.mock('@/lib/analytics', () => analytics);

let shouldThrow = true;
function Bomb() {
  if (shouldThrow) throw new Error('Kaboom in the cabinet');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it('shows the full error screen, reports it, and Try again clears the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderWithProviders(
      <ErrorBoundary component="shelf">
        <Bomb />
      </ErrorBoundary>,
      { withAuth: false },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Error details' }));
    expect(screen.getByText('Kaboom in the cabinet')).toBeTruthy();

    expect(analytics.track).toHaveBeenCalledWith('item_generate_error', expect.objectContaining({ component: 'shelf', message: 'Kaboom in the cabinet' }));
    const props = analytics.track.mock.calls[0]![1] as { stack: string };
    expect(props.stack.length).toBeLessThanOrEqual(200);

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeTruthy();
  });

  it('has an inline variant with the component name and Retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderWithProviders(
      <ErrorBoundary component="Gallery" variant="inline">
        <Bomb />
      </ErrorBoundary>,
      { withAuth: false },
    );
    expect(screen.getByRole('heading', { name: 'Error loading Gallery' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { FeedbackForm } from './feedback-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: null }) }));

afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<FeedbackForm />, { withAuth: false });

describe('FeedbackForm', () => {
  it('asks for a category and a message, focusing the first, without calling the server', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 'f1' }));
    vi.stubGlobal('fetch', fetchMock);
    render();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send feedback' }));
    const category = screen.getByLabelText('Category');
    await waitFor(() => expect(document.activeElement).toBe(category));
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an address that is not one by the contract's rule", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ id: 'f1' })),
    );
    render();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Category'), 'bug');
    await user.type(screen.getByLabelText('Message'), 'It broke');
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it("shows the server's field codes in the form's texts and sends the trimmed message", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ error: { code: 'validation_failed', message: 'x', fields: { message: 'too_long' } } }, 400));
    vi.stubGlobal('fetch', fetchMock);
    render();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Category'), 'idea');
    await user.type(screen.getByLabelText('Message'), '  More shelves  ');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Feedback must be 1000 characters or less')).toBeTruthy();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ category: 'idea', message: 'More shelves', email: null });
  });
});

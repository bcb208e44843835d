import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import { CommentComposer } from './comment-composer';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const ITEM = '00000000-0000-4000-8000-000000000001';
const users = [
  { id: 'u1', handle: 'bob_collects', displayName: 'Bob', avatarImageId: null },
  { id: 'u2', handle: 'bobby', displayName: 'Bobby', avatarImageId: null },
];

function renderComposer() {
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <CommentComposer itemId={ITEM} />
    </QueryClientProvider>,
  );
  return screen.getByTestId<HTMLTextAreaElement>('comment-input');
}

function type(box: HTMLTextAreaElement, value: string, caret = value.length) {
  fireEvent.change(box, { target: { value, selectionStart: caret, selectionEnd: caret } });
}

describe('CommentComposer', () => {
  let fetchMock: Mock<(url: string) => Promise<Response>>;
  beforeEach(() => {
    toasts.success.mockReset();
    toasts.error.mockReset();
    fetchMock = vi.fn(async (url: string) => {
      if (url.includes('mentions-search')) return jsonResponse({ users });
      return jsonResponse({
        comment: { id: 'c1', body: 'hi', createdAt: new Date().toISOString(), user: { id: 'me', handle: 'me', avatarImageId: null }, canDelete: true },
        mentions: [],
      });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('caps input at 600, counts to 500 and disables Post when blank or too long', () => {
    const box = renderComposer();
    expect(box.maxLength).toBe(600);
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toHaveProperty('disabled', true);
    type(box, '   ');
    expect(post).toHaveProperty('disabled', true);
    type(box, 'Nice robot');
    expect(screen.getByTestId('comment-counter').textContent).toContain('10/500');
    expect(post).toHaveProperty('disabled', false);
    type(box, 'x'.repeat(501));
    expect(post).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Comment must be 500 characters or less');
  });

  it('suggests handles after "@" and two characters, and inserts the chosen one with a space', async () => {
    const box = renderComposer();
    box.focus();
    type(box, 'Look @b');
    // A fixed wait on purpose: the check is that one character asks for NO suggestions; this outlasts
    // the composer's 200 ms debounce, after which they would have been asked for.
    const quietPeriod = 250;
    await new Promise((r) => setTimeout(r, quietPeriod));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('mentions-search'))).toBe(false);

    type(box, 'Look @bo');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 2000 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('mentions-search?q=bo'))).toBe(true);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Look @bobby ');
    expect(box.selectionStart).toBe('Look @bobby '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the suggestions with Escape and chooses with a click', async () => {
    const box = renderComposer();
    box.focus();
    type(box, '@bo');
    await screen.findByRole('listbox', {}, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    type(box, '@bob');
    await screen.findByRole('listbox', {}, { timeout: 2000 });
    fireEvent.click(screen.getAllByRole('option')[0]!);
    expect(box.value).toBe('@bob_collects ');
  });

  it('posts, clears and says so; a 429 shows the rate-limit text', async () => {
    const box = renderComposer();
    type(box, 'Lovely');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Comment posted'));
    expect(box.value).toBe('');

    fetchMock.mockImplementation(async () => jsonResponse({ error: { code: 'rate_limited', message: 'Please wait before posting another comment' } }, 429));
    type(box, 'Again');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post' })));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Please wait before posting another comment'));
    expect(box.value).toBe('Again');
  });

  it('shows the server field code under the box in the spec text', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: { code: 'validation_failed', message: 'x', fields: { body: 'required' } } }, 400));
    const box = renderComposer();
    type(box, 'ok');
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Comment cannot be empty');
  });

  it("says so when a block with the item's owner refuses the comment, and keeps the text", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: { code: 'blocked', message: 'You cannot comment on this item' } }, 403));
    const box = renderComposer();
    type(box, 'Hello');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Post' })));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('You can’t comment on this item.'));
    expect(box.value).toBe('Hello');
  });
});

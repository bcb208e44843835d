import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CommentItem } from './comment-item';

const base = { id: 'c1', createdAt: new Date().toISOString(), canDelete: false };

function renderItem(comment: Parameters<typeof CommentItem>[0]['comment']) {
  render(
    <MemoryRouter>
      <ul>
        <CommentItem comment={comment} canReport={false} onDelete={vi.fn()} onReport={vi.fn()} />
      </ul>
    </MemoryRouter>,
  );
}

describe('CommentItem', () => {
  it('shows the author as a link to their profile', () => {
    renderItem({ ...base, body: 'Lovely', user: { id: 'u1', handle: 'ann', avatarImageId: null } });
    expect(screen.getByRole('link', { name: '@ann' }).getAttribute('href')).toBe('/u/ann');
    expect(screen.getByText('Lovely')).toBeTruthy();
  });

  it('shows a comment whose author deleted their account as "Deleted user", without a link or text', () => {
    renderItem({ ...base, body: '', deletedUser: true, user: null });
    expect(screen.getByText('Deleted user')).toBeTruthy();
    expect(screen.getByText('This comment was removed with its author’s account.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("shows a private collector's comment with its text, without a name, avatar or link", () => {
    renderItem({ ...base, body: 'Nice @bob', canDelete: true, user: null });
    const row = screen.getByTestId('comment');
    expect(row.getAttribute('data-private-user')).toBe('true');
    expect(screen.getByText('A private collector')).toBeTruthy();
    expect(screen.getByTestId('comment-body').textContent).toBe('Nice @bob');
    // The only link is the mention in the text: nothing names or links the author.
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['@bob']);
    expect(screen.getByRole('button', { name: 'Delete comment by a private collector' })).toBeTruthy();
    expect(row.querySelector('img')).toBeNull();
  });
});

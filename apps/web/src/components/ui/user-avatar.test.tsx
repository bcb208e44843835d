import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

afterEach(cleanup);

describe('UserAvatar without an image', () => {
  it('shows the first character of a Chinese display name', () => {
    render(<UserAvatar handle="陈小明" imageId={null} testId="avatar" />);
    expect(screen.getByTestId('avatar').textContent).toBe('陈');
  });

  it('shows a whole character beyond the BMP, never half of a surrogate pair', () => {
    render(<UserAvatar handle="𠮷野家" imageId={null} testId="avatar" />);
    expect(screen.getByTestId('avatar').textContent).toBe('𠮷');
  });

  it('shows the first letter of a Latin name (upper-cased by style)', () => {
    render(<UserAvatar handle="ana_k" imageId={null} testId="avatar" />);
    expect(screen.getByTestId('avatar').textContent).toBe('a');
    expect(screen.getByTestId('avatar').className).toContain('uppercase');
  });

  it('is empty for an empty name instead of failing', () => {
    render(<UserAvatar handle="" imageId={null} testId="avatar" />);
    expect(screen.getByTestId('avatar').textContent).toBe('');
  });
});

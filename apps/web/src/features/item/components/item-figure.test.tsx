import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ItemFigure } from './item-figure';

const photos = [
  { id: 'p1', imageId: 'photo-front', role: 'front', altText: 'The robot from the front, in its box' },
  { id: 'p2', imageId: 'photo-back', role: 'back', altText: null },
];
const figure = (props: Partial<Parameters<typeof ItemFigure>[0]> = {}) => (
  <ItemFigure picture={{ src: '/img/styled/public' }} alt="A tin robot on a bright stage" photos={photos} title="Tin robot" gated={false} {...props} />
);

describe('ItemFigure', () => {
  it('marks the styled image as AI-styled, with its alt text', () => {
    render(figure());
    expect(screen.getByRole('img', { name: 'A tin robot on a bright stage' })).toBeTruthy();
    expect(screen.getByTestId('ai-badge').textContent).toContain('AI-styled');
    expect(screen.getByTestId('ai-badge').getAttribute('title')).toBe('Styled by AI from the collector’s photos');
  });

  it('shows the real photos by keyboard, says so, and goes back', async () => {
    const user = userEvent.setup();
    render(figure());
    const toggle = screen.getByRole('button', { name: 'Real photos' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'The robot from the front, in its box' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing the collector’s photo 1 of 2 (front)');
    expect(screen.queryByTestId('ai-badge')).toBeNull();
    // Another photo: its alt text falls back to the title and its place.
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 2 (back)' }));
    expect(screen.getByTestId('item-real-photo').getAttribute('alt')).toBe('Tin robot, photo 2 of 2');
    await user.click(toggle);
    expect(screen.getByRole('img', { name: 'A tin robot on a bright stage' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing the AI-styled image');
  });

  it('offers no toggle behind the NSFW gate or without photos', () => {
    const { rerender } = render(figure({ gated: true }));
    expect(screen.queryByTestId('real-photos-toggle')).toBeNull();
    rerender(figure({ photos: [] }));
    expect(screen.queryByTestId('real-photos-toggle')).toBeNull();
    expect(screen.getByTestId('ai-badge')).toBeTruthy();
  });
});

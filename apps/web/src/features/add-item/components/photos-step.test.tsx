import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PhotoEntry } from '../hooks/use-photo-uploads';
import { PhotosStep } from './photos-step';

const photo = (n: number, change: Partial<PhotoEntry>): PhotoEntry => ({
  key: `k${n}`,
  name: `p${n}.jpg`,
  previewUrl: `blob:p${n}`,
  status: 'done',
  progress: 1,
  role: 'front',
  imageId: `img${n}`,
  prep: 'pending',
  ...change,
});

const renderStep = (photos: PhotoEntry[]) =>
  render(<PhotosStep photos={photos} onFiles={vi.fn()} onRoleChange={vi.fn()} onRemove={vi.fn()} error={null} focusHeading={false} />);

describe('PhotosStep: each photo’s preparation', () => {
  it('shows a badge per recorded photo and one polite summary of the progress', () => {
    renderStep([photo(1, { prep: 'ready' }), photo(2, { prep: 'pending' }), photo(3, { status: 'uploading', imageId: null, prep: null })]);
    const cards = screen.getAllByTestId('photo-card');
    expect(within(cards[0]!).getByTestId('photo-prep').dataset.prep).toBe('ready');
    expect(within(cards[0]!).getByLabelText('Photo 1: Ready')).toBeTruthy();
    expect(within(cards[1]!).getByLabelText('Photo 2: Preparing…')).toBeTruthy();
    // Still uploading: no preparation badge yet.
    expect(within(cards[2]!).queryByTestId('photo-prep')).toBeNull();
    const summary = screen.getByText('Preparing your photos: 1 of 2 ready.');
    expect(summary.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText(/about 3 seconds a photo/)).toBeTruthy();
  });

  it('says on the photo when the model failed and the simple cut is used', () => {
    renderStep([photo(1, { prep: 'ready' }), photo(2, { prep: 'failed' })]);
    const cards = screen.getAllByTestId('photo-card');
    expect(within(cards[1]!).getByLabelText('Photo 2: Simple cut-out')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('photo-prep-failed').textContent).toContain('simpler cut');
    expect(within(cards[0]!).queryByTestId('photo-prep-failed')).toBeNull();
    expect(screen.getByText('All photos are ready.')).toBeTruthy();
  });
});

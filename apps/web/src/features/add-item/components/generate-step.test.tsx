import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GenerateStep } from './generate-step';

const base = {
  style: 'bookshelf_hero' as const,
  balance: 30,
  balanceLoading: false,
  balanceError: false,
  onRetryBalance: vi.fn(),
  blocker: null,
  generating: false,
  onGenerate: vi.fn(),
  variants: [],
  chosen: null,
  onChoose: vi.fn(),
  error: null,
  focusHeading: false,
};

const variants = [1, 2, 3, 4, 5].map((n) => ({ compositeId: `c${n}`, imageId: `img${n}`, variantNo: n }));

describe('GenerateStep', () => {
  it('shows the balance and lets Generate run', async () => {
    const onGenerate = vi.fn();
    render(<GenerateStep {...base} onGenerate={onGenerate} />);
    expect(screen.getByTestId('credit-balance').textContent).toBe('30 credits');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalled();
  });

  it('disables Generate below 3 credits and during maintenance, saying why', () => {
    const { rerender } = render(<GenerateStep {...base} balance={2} blocker="addItem.needCredits" />);
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Insufficient credits (need 3)')).toBeTruthy();
    rerender(<GenerateStep {...base} blocker="maintenance.generationDisabled" />);
    expect(screen.getByText('Generation is paused for maintenance. Please try again later.')).toBeTruthy();
  });

  it('shows a progress state with five skeletons while generating', () => {
    render(<GenerateStep {...base} generating />);
    expect(screen.getByRole('status').textContent).toContain('Generating your variants');
    expect(screen.getByTestId('generate-progress').querySelector('.grid-cols-3')?.children).toHaveLength(5);
  });

  it('offers the variants as a radio group, three per row', async () => {
    const onChoose = vi.fn();
    render(<GenerateStep {...base} variants={variants} onChoose={onChoose} />);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByTestId('variant-list').className).toContain('grid-cols-3');
    await userEvent.click(screen.getByRole('radio', { name: 'Variant 3' }));
    expect(onChoose).toHaveBeenCalledWith('c3');
  });
});

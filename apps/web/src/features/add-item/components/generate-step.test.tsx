import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GenerateStep } from './generate-step';

const base = {
  style: 'bookshelf_hero' as const,
  balance: { balance: 30, nextRefillAt: '2026-12-24T10:00:00.000Z', refillAmount: 30 },
  balanceLoading: false,
  balanceError: false,
  onRetryBalance: vi.fn(),
  blocker: null,
  generating: false,
  preparing: null,
  onGenerate: vi.fn(),
  simpleCut: [],
  treatment: null,
  variants: [],
  chosen: null,
  onChoose: vi.fn(),
  altText: '',
  onAltTextChange: vi.fn(),
  error: null,
  focusHeading: false,
};

const variants = [1, 2, 3, 4, 5].map((n) => ({ compositeId: `c${n}`, imageId: `img${n}`, variantNo: n, style: 'bookshelf_hero' as const }));

describe('GenerateStep', () => {
  it('shows the balance and lets Generate run', async () => {
    const onGenerate = vi.fn();
    render(<GenerateStep {...base} onGenerate={onGenerate} />);
    expect(screen.getByTestId('credit-balance').textContent).toBe('30 credits');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onGenerate).toHaveBeenCalled();
  });

  it('disables Generate below 3 credits and during maintenance, saying why', () => {
    const { rerender } = render(<GenerateStep {...base} balance={{ ...base.balance, balance: 2 }} blocker="addItem.needCredits" />);
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Insufficient credits (need 3)')).toBeTruthy();
    // Out of credits, the step says when the allowance tops the balance up and how to get more meanwhile.
    expect(screen.getByTestId('credits-refill').textContent).toBe('Tops up to 30 on Dec 24, 2026.');
    expect(screen.getByTestId('credits-more').textContent).toMatch(/An admin can add credits, and some invite codes come with credits/);
    rerender(<GenerateStep {...base} blocker="maintenance.generationDisabled" />);
    expect(screen.getByText('Generation is paused for maintenance. Please try again later.')).toBeTruthy();
    expect(screen.queryByTestId('credits-refill')).toBeNull();
  });

  it('shows a progress state with five skeletons while generating', () => {
    render(<GenerateStep {...base} generating />);
    expect(screen.getByRole('status').textContent).toBe('Generating your 5 variants… this usually takes 5 to 15 seconds.');
    expect(screen.getByTestId('generate-progress').querySelector('.grid-cols-3')?.children).toHaveLength(5);
  });

  it('while waiting for the photos, says how many are prepared and keeps Generate busy', () => {
    render(<GenerateStep {...base} preparing={{ ready: 2, total: 3 }} />);
    expect(screen.getByRole('status').textContent).toBe('Preparing your photos… 2 of 3');
    const bar = screen.getByRole('progressbar', { name: 'Preparing your photos… 2 of 3' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(screen.getByTestId('generate-progress').dataset.phase).toBe('preparing');
    expect((screen.getByTestId('generate') as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the photos that used the simple cut', () => {
    const { rerender } = render(<GenerateStep {...base} variants={variants} simpleCut={[2]} />);
    expect(screen.getByTestId('generate-simple-cut').textContent).toContain('Photo 2 used a simpler cut-out');
    rerender(<GenerateStep {...base} variants={variants} simpleCut={[]} />);
    expect(screen.queryByTestId('generate-simple-cut')).toBeNull();
  });

  it('says when the item was shown as a framed print, and why; nothing for a cut-out', () => {
    const { rerender } = render(<GenerateStep {...base} variants={variants} treatment={{ kind: 'print', reason: 'fills_frame' }} />);
    expect(screen.getByTestId('generate-treatment').textContent).toBe(
      'Your photo fills its frame, so it is shown whole as a framed print: a cut-out would have clipped the item’s edges. For a cut-out, take the photo with some space around the item.',
    );
    rerender(<GenerateStep {...base} variants={variants} treatment={{ kind: 'print', reason: 'unsure_mask' }} />);
    expect(screen.getByTestId('generate-treatment').textContent).toMatch(/outline wasn’t clear in the photo/);
    rerender(<GenerateStep {...base} variants={variants} treatment={{ kind: 'cutout', reason: null }} />);
    expect(screen.queryByTestId('generate-treatment')).toBeNull();
    // While generating again, the earlier explanation does not stand under the new progress.
    rerender(<GenerateStep {...base} variants={variants} generating treatment={{ kind: 'print', reason: 'fills_frame' }} />);
    expect(screen.queryByTestId('generate-treatment')).toBeNull();
  });

  it('scrolls the variants into view when they arrive on a desktop, not on a phone', () => {
    const scroll = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scroll;
    const wide = vi.fn((q: string) => ({ matches: q.includes('min-width') }));
    vi.stubGlobal('matchMedia', wide);
    try {
      const { rerender } = render(<GenerateStep {...base} generating />);
      expect(scroll).not.toHaveBeenCalled();
      rerender(<GenerateStep {...base} variants={variants} />);
      expect(scroll).toHaveBeenCalledTimes(1);
      expect(scroll.mock.contexts[0]).toBe(screen.getByTestId('variant-results'));
      vi.stubGlobal(
        'matchMedia',
        vi.fn(() => ({ matches: false })),
      );
      rerender(<GenerateStep {...base} generating />);
      rerender(<GenerateStep {...base} variants={[...variants]} />);
      expect(scroll).toHaveBeenCalledTimes(1);
    } finally {
      Element.prototype.scrollIntoView = original;
      vi.unstubAllGlobals();
    }
  });

  it('offers the variants as a radio group, three per row', async () => {
    const onChoose = vi.fn();
    render(<GenerateStep {...base} variants={variants} onChoose={onChoose} />);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByTestId('variant-list').className).toContain('grid-cols-3');
    await userEvent.click(screen.getByRole('radio', { name: 'Variant 3' }));
    expect(onChoose).toHaveBeenCalledWith('c3');
  });

  it('keeps every style tried: each under its name, all of them to choose from', async () => {
    const manga = [1, 2, 3, 4, 5].map((n) => ({ compositeId: `m${n}`, imageId: `mimg${n}`, variantNo: n, style: 'manga_halftone' as const }));
    const onChoose = vi.fn();
    render(<GenerateStep {...base} variants={[...manga, ...variants]} chosen="c2" onChoose={onChoose} />);
    const groups = screen.getAllByTestId('variant-group');
    expect(groups.map((g) => g.dataset.style)).toEqual(['manga_halftone', 'bookshelf_hero']);
    expect(groups[0]!.textContent).toMatch(/^Manga Halftone/);
    expect(groups[1]!.textContent).toMatch(/^Bookshelf Hero · earlier/);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    // The choice made among the earlier ones stays.
    expect((screen.getByRole('radio', { name: 'Bookshelf Hero, variant 2' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Manga Halftone, variant 3' }));
    expect(onChoose).toHaveBeenCalledWith('m3');
  });

  it('puts each number in the top-right corner, clear of the styles’ title boxes on the left, with the check when chosen', () => {
    render(<GenerateStep {...base} variants={variants} chosen="c1" />);
    const badges = screen.getAllByTestId('variant-badge');
    expect(badges).toHaveLength(5);
    for (const badge of badges) {
      expect(badge.className).toMatch(/\bright-1\.5\b/);
      expect(badge.className).not.toMatch(/\bleft-/);
    }
    expect(badges[0]!.querySelector('svg')).not.toBeNull();
    expect(badges[1]!.querySelector('svg')).toBeNull();
  });
});

describe('GenerateStep: the chosen image’s alt text', () => {
  it('asks for it only once a variant is chosen, and hands what is typed on', async () => {
    const onAltTextChange = vi.fn();
    const { rerender } = render(<GenerateStep {...base} variants={variants} onAltTextChange={onAltTextChange} />);
    expect(screen.queryByTestId('wizard-alt-text')).toBeNull();
    rerender(<GenerateStep {...base} variants={variants} chosen="c2" altText="Tin robot (robots)" onAltTextChange={onAltTextChange} />);
    const field = screen.getByRole('textbox', { name: 'Image description (alt text)' });
    expect((field as HTMLTextAreaElement).value).toBe('Tin robot (robots)');
    await userEvent.type(field, '!');
    expect(onAltTextChange).toHaveBeenLastCalledWith('Tin robot (robots)!');
  });
});

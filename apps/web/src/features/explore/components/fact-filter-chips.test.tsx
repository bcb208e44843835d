import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { FactFilterChips } from './fact-filter-chips';

const base = { sort: 'trending', timeRange: '7d', tag: null, nsfw: null } as const;

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('FactFilterChips', () => {
  it('shows nothing without a fact filter', () => {
    const { container } = render(<FactFilterChips filters={base} onRemove={() => undefined} />);
    expect(container.textContent).toBe('');
  });

  it('shows a chip per fact, in order, each removing its own filter', async () => {
    const onRemove = vi.fn();
    render(<FactFilterChips filters={{ ...base, character: 'Zaku II', maker: 'Bandai' }} onRemove={onRemove} />);
    const chips = screen.getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Maker: Bandai', 'Character: Zaku II']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove filter Character: Zaku II' }));
    expect(onRemove).toHaveBeenCalledWith('character');
  });

  it('speaks Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    render(<FactFilterChips filters={{ ...base, line: 'MG' }} onRemove={() => undefined} />);
    expect(screen.getByRole('list', { name: '仅显示' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '移除筛选条件“系列：MG”' })).toBeTruthy();
  });
});

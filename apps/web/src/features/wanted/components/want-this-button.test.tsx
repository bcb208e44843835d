import type { ItemFacts } from '@curio/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sentBodies, Where } from '@/testing/test-utils';
import { WantThisButton } from './want-this-button';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const ITEM = '00000000-0000-4000-8000-0000000000bb';
const FACTS: ItemFacts = {
  maker: 'Good Smile',
  line: 'Nendoroid',
  character: 'Hatsune Miku',
  year: 2019,
  scale: '1/7',
  edition: { number: 12, of: 500 },
  condition: 'opened',
  barcode: '4580416940000',
};
const createCalls = () => sentBodies('wanted-create');

describe('WantThisButton', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('sends one private wanted-create with the item’s title and facts on one click, then confirms with a link to the list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          entry: {
            id: '00000000-0000-4000-8000-0000000000cc',
            title: 'Miku, opened',
            facts: FACTS,
            note: null,
            public: false,
            imageId: null,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        }),
      ),
    );
    const user = userEvent.setup();
    // The item as item-get answers it: more than the button needs, facts among it.
    const item = { id: ITEM, title: 'Miku, opened', tags: ['figures'], facts: FACTS, author: { handle: 'someone' } };
    renderWithProviders(
      <>
        <WantThisButton item={item} />
        <Where />
      </>,
      { withAuth: false },
    );
    const button = screen.getByTestId('want-this');
    expect(button.textContent).toBe('I want this');
    await user.click(button);

    await waitFor(() => expect(button.textContent).toBe('Added to your wanted list'));
    expect(createCalls()).toEqual([
      {
        title: 'Miku, opened',
        facts: FACTS, // every fact, as the item has it
        public: false,
      },
    ]);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(toast.success).toHaveBeenCalledTimes(1);
    const [message, options] = vi.mocked(toast.success).mock.calls[0]!;
    expect(message).toBe('“Miku, opened” is on your wanted list');
    const action = (options as { action: { label: string; onClick: () => void } }).action;
    expect(action.label).toBe('View list');

    // A second click adds nothing more; the toast's action opens the list.
    await user.click(button);
    expect(createCalls()).toHaveLength(1);
    action.onClick();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/wanted'));
  });

  it('sends the title alone when the item carries no facts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'wanted_limit', message: 'full' } }, 409)),
    );
    const user = userEvent.setup();
    renderWithProviders(<WantThisButton item={{ id: ITEM, title: 'Tin robot' }} />, { withAuth: false });
    await user.click(screen.getByTestId('want-this'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Your wanted list is full (200 entries). Delete one you found to add another.'));
    expect(createCalls()).toEqual([{ title: 'Tin robot', public: false }]);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByTestId('want-this').textContent).toBe('I want this');
  });
});

import { EMPTY_LEDGER } from '@curio/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sentBodies } from '@/testing/test-utils';
import { LedgerForm } from './ledger-form';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const ITEM = '00000000-0000-4000-8000-0000000000aa';
const ledgerCalls = () => sentBodies('items-ledger-update');

describe('LedgerForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the amount and its currency before sending, with a text for each', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ itemId: ITEM, ledger: EMPTY_LEDGER })),
    );
    const user = userEvent.setup();
    renderWithProviders(<LedgerForm itemId={ITEM} ledger={EMPTY_LEDGER} onDone={() => undefined} />);
    await user.type(screen.getByTestId('ledger-amount'), '12.345');
    await user.click(screen.getByTestId('ledger-save'));
    expect(await screen.findByText('Enter an amount such as 59.90 (at most two decimals).')).toBeTruthy();
    expect(screen.getByText('Choose the currency of the price.')).toBeTruthy();
    await user.clear(screen.getByTestId('ledger-amount'));
    await user.selectOptions(screen.getByTestId('ledger-currency'), 'CNY');
    await user.click(screen.getByTestId('ledger-save'));
    expect(await screen.findByText('Enter the amount for this currency.')).toBeTruthy();
    expect(ledgerCalls()).toEqual([]);
  });

  it('sends the price as a number with its currency and clears the blank fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ itemId: ITEM, ledger: EMPTY_LEDGER })),
    );
    const done = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LedgerForm itemId={ITEM} ledger={{ ...EMPTY_LEDGER, storage: 'Box 1', notes: 'old' }} onDone={done} />);
    await user.type(screen.getByTestId('ledger-amount'), '1,299.50');
    await user.selectOptions(screen.getByTestId('ledger-currency'), 'CNY');
    await user.clear(screen.getByTestId('ledger-notes'));
    await user.click(screen.getByTestId('ledger-save'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(ledgerCalls()).toEqual([
      { itemId: ITEM, pricePaid: { amount: 1299.5, currency: 'CNY' }, purchasedOn: null, boughtAt: null, storage: 'Box 1', notes: null },
    ]);
  });
});

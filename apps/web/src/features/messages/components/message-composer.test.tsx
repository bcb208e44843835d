import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { MessageComposer } from './message-composer';

describe('MessageComposer', () => {
  it('shows the counter only near the 1000 limit and refuses to send above it', () => {
    const onSend = vi.fn(async () => true);
    renderWithProviders(<MessageComposer onSend={onSend} sending={false} />, { withAuth: false });
    const input = screen.getByTestId('message-input');
    const counter = () => screen.getByTestId('message-counter');
    const send = screen.getByTestId('message-send') as HTMLButtonElement;

    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Hello' } });
    expect(counter().className).toContain('sr-only');
    expect(counter().textContent).toBe('5/1000');
    expect(send.disabled).toBe(false);

    fireEvent.change(input, { target: { value: 'x'.repeat(850) } });
    expect(counter().className).not.toContain('sr-only');
    expect(counter().textContent).toBe('850/1000');

    fireEvent.change(input, { target: { value: 'x'.repeat(1001) } });
    expect(counter().textContent).toBe('1001/1000');
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Message must be 1000 characters or less');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and empties after a sent message', async () => {
    const onSend = vi.fn(async () => true);
    renderWithProviders(<MessageComposer onSend={onSend} sending={false} />, { withAuth: false });
    const input = screen.getByTestId('message-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'Hi there' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hi there');
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('keeps the text when sending failed', async () => {
    const onSend = vi.fn(async () => false);
    renderWithProviders(<MessageComposer onSend={onSend} sending={false} error="Please wait before sending another message" />, { withAuth: false });
    const input = screen.getByTestId('message-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'again' } });
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(input.value).toBe('again');
    expect(screen.getByRole('alert').textContent).toBe('Please wait before sending another message');
  });

  it('keeps what was typed while a message was going out, and empties only the sent text', async () => {
    let resolve: (sent: boolean) => void = () => undefined;
    const onSend = vi.fn(() => new Promise<boolean>((r) => (resolve = r)));
    renderWithProviders(<MessageComposer onSend={onSend} sending={false} />, { withAuth: false });
    const input = screen.getByTestId('message-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'one' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('one');
    fireEvent.change(input, { target: { value: 'two' } });
    // The send resolving, and the composer's update after it, flushed.
    await act(async () => resolve(true));
    expect(input.value).toBe('two');
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});

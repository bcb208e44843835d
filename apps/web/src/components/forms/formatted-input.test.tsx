import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormattedInput } from './formatted-input';

function CodeForm({ onTyped, onValue }: { onTyped: () => void; onValue: (code: string) => void }) {
  const form = useForm({ defaultValues: { code: '' } });
  return (
    <form onSubmit={form.handleSubmit(({ code }) => onValue(code))}>
      <label htmlFor="code">Code</label>
      <FormattedInput control={form.control} name="code" id="code" format={(typed) => typed.replace(/\D/g, '').slice(0, 6)} onTyped={onTyped} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('FormattedInput', () => {
  it('keeps what was typed as the format makes it, in the field and in the form, and tells each change', async () => {
    const onTyped = vi.fn();
    const onValue = vi.fn();
    render(<CodeForm onTyped={onTyped} onValue={onValue} />);
    const input = screen.getByLabelText('Code');
    await userEvent.type(input, '12a-34 5678');
    expect((input as HTMLInputElement).value).toBe('123456');
    expect(onTyped).toHaveBeenCalledTimes(11);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValue).toHaveBeenCalledWith('123456');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormSwitch } from './form-switch';

function PublicForm({ onChanged, onValue }: { onChanged: (on: boolean) => void; onValue: (value: boolean) => void }) {
  const form = useForm({ defaultValues: { public: false } });
  return (
    <form onSubmit={form.handleSubmit((values) => onValue(values.public))}>
      <label htmlFor="public">Public</label>
      <FormSwitch control={form.control} name="public" id="public" onChanged={onChanged} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormSwitch', () => {
  it('keeps the switch in the form, shows it, and tells each change', async () => {
    const onChanged = vi.fn();
    const onValue = vi.fn();
    render(<PublicForm onChanged={onChanged} onValue={onValue} />);
    const toggle = screen.getByRole('switch', { name: 'Public' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(onChanged).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValue).toHaveBeenCalledWith(true);
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EMPTY_FACTS_FORM, factsFormSchema, factsKeys, type FactsFormValues } from '@/lib/facts-form';
import { useZodForm } from '@/lib/form';
import { i18n } from '@/lib/i18n';
import { FactsFields } from './facts-fields';

const schema = z.object({ facts: factsFormSchema });
const KEYS = factsKeys('facts');

/** A form holding only the facts, as the wizard's first step and the edit dialog hold them. */
function Harness({ facts = EMPTY_FACTS_FORM, onValid = () => undefined }: { facts?: FactsFormValues; onValid?: (v: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { keys: KEYS, defaultValues: { facts } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <FactsFields form={form} />
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('FactsFields', () => {
  it('stays folded until opened, and opens by itself for an item that has a fact', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    expect(screen.queryByLabelText('Maker or brand')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Maker, series and more (optional)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(screen.getByLabelText('Maker or brand').getAttribute('placeholder')).toBe('e.g. Bandai');
    expect(screen.getByLabelText('Year').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Number of this piece').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Maker or brand').getAttribute('autocomplete')).toBe('off');
    unmount();
    render(<Harness facts={{ ...EMPTY_FACTS_FORM, scale: '1/144' }} />);
    expect((screen.getByLabelText('Scale') as HTMLInputElement).value).toBe('1/144');
  });

  it('says what is wrong in English, opening the details to show it, and sends trimmed facts once right', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    render(<Harness onValid={(v) => (sent = v.facts)} />);
    await user.click(screen.getByRole('button', { name: /Maker, series and more/ }));
    await user.type(screen.getByLabelText('Year'), '1700');
    await user.type(screen.getByLabelText('Number of this piece'), '600');
    await user.type(screen.getByLabelText('Pieces in the edition'), '500');
    await user.type(screen.getByLabelText('Barcode'), '12ab');
    // Folded again: the errors open it.
    await user.click(screen.getByRole('button', { name: /Maker, series and more/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(`Enter a year from 1800 to ${new Date().getUTCFullYear() + 1}.`)).toBeTruthy();
    expect(screen.getByText("The number can't be larger than the edition.")).toBeTruthy();
    expect(screen.getByText('A barcode is 6 to 14 digits.')).toBeTruthy();
    expect(screen.getByLabelText('Year').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBeNull();

    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '1984');
    await user.clear(screen.getByLabelText('Number of this piece'));
    await user.type(screen.getByLabelText('Number of this piece'), '12');
    await user.clear(screen.getByLabelText('Barcode'));
    await user.type(screen.getByLabelText('Maker or brand'), '  Takara ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() =>
      expect(sent).toEqual({
        maker: 'Takara',
        line: null,
        character: null,
        year: 1984,
        scale: null,
        edition: { number: 12, of: 500 },
        condition: null,
        barcode: null,
      }),
    );
  });

  it('says it in Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: '厂商、系列等信息（选填）' }));
    expect(screen.getByLabelText('厂商或品牌').getAttribute('placeholder')).toBe('例如：万代');
    await user.type(screen.getByLabelText('本件编号'), '12');
    await user.type(screen.getByLabelText('条形码'), '1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('请用数字填写两项，例如 12 / 500。')).toBeTruthy();
    expect(screen.getByText('条形码应为 6 到 14 位数字。')).toBeTruthy();
    expect(screen.getByRole('option', { name: '全新未拆' })).toBeTruthy();
  });
});

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { CARRY_ACROSS_NAVIGATION, Toaster } from './toaster';

let go: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

function renderToaster() {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/onboarding']}>
        <Navigator />
        <Toaster />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

const shown = () => Array.from(document.querySelectorAll('[data-sonner-toast]')).filter((el) => el.getAttribute('data-removed') !== 'true');

describe('Toaster', () => {
  // sonner removes a dismissed toast 200 ms later on a timer: let that timer run while the document
  // still exists, or it fires after the test environment is gone ("window is not defined").
  afterEach(async () => {
    act(() => {
      toast.dismiss();
    });
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0));
    cleanup();
  });

  it('names its region in the page’s language', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      renderToaster();
      expect(screen.getByRole('region').getAttribute('aria-label')).toBe('消息提示 alt+T');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    expect(screen.getByRole('region').getAttribute('aria-label')).toBe('Notifications alt+T');
  });

  it('shows one toast at a time: a new one replaces the one shown', async () => {
    renderToaster();
    act(() => {
      toast.success('Invite code accepted');
    });
    expect(await screen.findByText('Invite code accepted')).toBeTruthy();
    act(() => {
      toast.error('Cell is occupied');
    });
    expect(await screen.findByText('Cell is occupied')).toBeTruthy();
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(shown()[0]!.textContent).toContain('Cell is occupied');
  });

  it("dismisses a page's toast when the page changes, unless it was raised to carry across", async () => {
    renderToaster();
    act(() => {
      toast.success('Invite code accepted');
    });
    expect(await screen.findByText('Invite code accepted')).toBeTruthy();
    act(() => go('/me/shelf'));
    await waitFor(() => expect(shown()).toHaveLength(0));

    act(() => {
      toast.success('Confirmation mail sent', { id: `${CARRY_ACROSS_NAVIGATION}verify` });
      go('/onboarding');
    });
    expect(await screen.findByText('Confirmation mail sent')).toBeTruthy();
    // A fixed wait on purpose: the check is that the toast is NOT dismissed, and no event marks the
    // moment a dismissal would have come (above, one came well within this).
    const quietPeriod = 50;
    await new Promise((r) => setTimeout(r, quietPeriod));
    expect(shown()).toHaveLength(1);
  });

  it('sits at the bottom centre with a short duration (away from the header and drawer handles)', async () => {
    renderToaster();
    act(() => {
      toast('Saved');
    });
    await screen.findByText('Saved');
    const toaster = document.querySelector('[data-sonner-toaster]')!;
    expect(toaster.getAttribute('data-y-position')).toBe('bottom');
    expect(toaster.getAttribute('data-x-position')).toBe('center');
  });
});

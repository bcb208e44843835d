import { describe, expect, it } from 'vitest';
import { toastBand, toastClearance } from './toast-clearance';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 720 };

describe('toastClearance', () => {
  it("lifts toasts above the wizard drawer's footer, on a phone and on a desktop", () => {
    expect(toastClearance([{ top: 772, bottom: 844, left: 0, right: 390 }], phone)).toBe(72);
    // The desktop drawer is a centred sheet 768 px wide; its footer crosses the centred toast.
    expect(toastClearance([{ top: 647, bottom: 720, left: 256, right: 1024 }], desktop)).toBe(73);
  });

  it('leaves toasts where they are when nothing is pinned to the bottom', () => {
    expect(toastClearance([], phone)).toBe(0);
    // A centred dialog on a desktop, a sticky Save scrolled up the page: not at the bottom.
    expect(toastClearance([{ top: 160, bottom: 560, left: 384, right: 896 }], desktop)).toBe(0);
    expect(toastClearance([{ top: 400, bottom: 448, left: 1100, right: 1240 }], desktop)).toBe(0);
  });

  it('ignores what lies beside the toast (the maintenance card at the bottom right of a desktop)', () => {
    expect(toastClearance([{ top: 560, bottom: 708, left: 844, right: 1260 }], desktop)).toBe(0);
    // On a phone the same card spans the width: toasts go above it.
    expect(toastClearance([{ top: 650, bottom: 832, left: 12, right: 378 }], phone)).toBe(194);
  });

  it('counts a control sitting on the consent banner as pinned, and the tallest pinned control wins', () => {
    expect(toastClearance([{ top: 500, bottom: 680, left: 12, right: 378 }], phone, 152)).toBe(344);
    expect(
      toastClearance(
        [
          { top: 772, bottom: 844, left: 0, right: 390 },
          { top: 600, bottom: 844, left: 0, right: 390 },
        ],
        phone,
      ),
    ).toBe(244);
  });

  it('keeps room for the toast on screen under a tall sheet', () => {
    expect(toastClearance([{ top: 40, bottom: 844, left: 0, right: 390 }], phone)).toBe(844 - 96);
  });

  it("follows sonner's layout: full width on a phone, 356 px in the middle above 600 px", () => {
    expect(toastBand(390)).toEqual({ left: 16, right: 374 });
    expect(toastBand(1280)).toEqual({ left: 462, right: 818 });
  });
});

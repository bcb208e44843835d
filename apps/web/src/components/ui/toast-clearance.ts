import { useLayoutEffect, useState } from 'react';

/**
 * Controls pinned to the bottom of the screen carry this attribute (`data-toast-clear`): the wizard
 * drawer's footer, a sheet on a phone, the maintenance card, the message composer, a sticky Save. While
 * one is there, toasts sit just above it instead of on top of its buttons.
 */
export const TOAST_CLEAR_SELECTOR = '[data-toast-clear]';

/** sonner's toast width from 600 px up, and its side offset below that (where toasts span the width). */
const TOAST_WIDTH = 356;
const MOBILE_BREAKPOINT = 600;
const MOBILE_SIDE = 16;
/** An element counts as pinned to the bottom when its lower edge is this close to the bottom (or the consent banner). */
const PINNED_SLACK = 24;
/** However much is pinned, a toast keeps this much of the screen above it. */
const MIN_ROOM = 96;

export type Box = { top: number; bottom: number; left: number; right: number };

/** Where a bottom-centre toast runs across the screen (sonner's layout). */
export function toastBand(viewportWidth: number): { left: number; right: number } {
  if (viewportWidth <= MOBILE_BREAKPOINT) return { left: MOBILE_SIDE, right: viewportWidth - MOBILE_SIDE };
  return { left: (viewportWidth - TOAST_WIDTH) / 2, right: (viewportWidth + TOAST_WIDTH) / 2 };
}

/**
 * How far above the bottom edge a bottom-centre toast must sit to cover none of the pinned boxes: the
 * tallest of them that reaches the bottom (above the consent banner's `floor`) and crosses the toast's
 * band. Elements in the middle of the screen (a centred dialog, a Save button scrolled up) do not count.
 */
export function toastClearance(boxes: readonly Box[], viewport: { width: number; height: number }, floor = 0): number {
  const band = toastBand(viewport.width);
  let clearance = 0;
  for (const box of boxes) {
    if (box.bottom <= box.top || box.right <= box.left) continue;
    if (box.right <= band.left || box.left >= band.right) continue;
    if (box.top >= viewport.height || box.bottom < viewport.height - floor - PINNED_SLACK) continue;
    clearance = Math.max(clearance, viewport.height - box.top);
  }
  return Math.max(0, Math.min(Math.ceil(clearance), viewport.height - MIN_ROOM));
}

function measure(): number {
  const floor = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--consent-space')) || 0;
  const boxes = Array.from(document.querySelectorAll(TOAST_CLEAR_SELECTOR), (el) => el.getBoundingClientRect());
  return toastClearance(boxes, { width: window.innerWidth, height: window.innerHeight }, floor);
}

/**
 * While a toast shows (`active`), how many pixels of the bottom edge are taken by pinned controls;
 * measured again when the page's elements come and go or change state, end an animation, scroll or
 * resize (a drawer opening or closing under a toast moves it along).
 */
export function useToastClearance(active: boolean): number {
  const [clearance, setClearance] = useState(0);
  useLayoutEffect(() => {
    if (!active) return;
    setClearance(measure());
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setClearance(measure()));
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state', 'data-toast-clear'] });
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { capture: true, passive: true });
    document.addEventListener('transitionend', update, true);
    document.addEventListener('animationend', update, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
      document.removeEventListener('transitionend', update, true);
      document.removeEventListener('animationend', update, true);
    };
  }, [active]);
  return clearance;
}

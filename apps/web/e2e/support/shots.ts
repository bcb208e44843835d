import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots for a design review: written to SCREENSHOTS_DIR when it is set
 * (`SCREENSHOTS_DIR=/tmp/shots npm run test:e2e`), skipped otherwise. The tests assert what they check
 * without them; a full-page PNG costs up to a second on a slow machine, which CI has no use for.
 */
export const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR;

export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS_DIR) return;
  await target.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, ...options });
}

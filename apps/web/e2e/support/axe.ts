import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.x A and AA plus best practices) on the page and fails with the violations listed.
 * It waits for the page to have rendered (its heading): a route shows nothing until its code and the
 * rest of the catalog have loaded, and axe on that blank moment reports no main landmark and no h1.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.locator('h1').first().waitFor({ state: 'attached' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Sets the theme before the app loads (the app reads it from local storage). */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => window.localStorage.setItem('curio.theme', t), theme);
}

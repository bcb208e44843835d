import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.x A and AA plus best practices) on the page and fails with the violations listed.
 * It waits for the page to have rendered (its heading): a route shows nothing until its code and the
 * rest of the catalog have loaded, and axe on that blank moment reports no main landmark and no h1.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await expectAxeClean(axe(page), label);
}

/**
 * axe with the rules every test checks (WCAG 2.x A and AA plus best practices), run in the page itself
 * (legacy mode). The default runs axe in each frame and then opens a blank page of its own to join the
 * results: that page costs about a second per check on a slow machine, for frames the app does not have.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode(true);
}

/** Runs the given axe check and fails with its violations listed. */
export async function expectAxeClean(builder: AxeBuilder, label: string) {
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Sets the theme before the app loads (the app reads it from local storage). */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => window.localStorage.setItem('curio.theme', t), theme);
}

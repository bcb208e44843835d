import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** A piece of markup made by `html` (or `raw`): put inside another `html` template, it is not escaped again. */
export type HtmlFragment = HtmlEscapedString;

/**
 * HTML and XML by Hono's tagged template: every interpolated value is escaped (`& < > " '`, so text and
 * quoted attributes alike), except fragments made by `html` itself or `raw`; an array of fragments is
 * put in as it is, `null`, `undefined` and booleans as nothing. Curio builds no markup by escaping values
 * by hand. Synchronous: a promise among the values is a mistake.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): HtmlFragment {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) throw new TypeError('html`` was given a promise: await the value first');
  return out;
}

/** `html`, as a plain string: a whole page, a mail's body, a tag added to a page's head. */
export function htmlText(strings: TemplateStringsArray, ...values: unknown[]): string {
  return html(strings, ...values).toString();
}

/** Markup that is already safe (one of Curio's own constants), put in as it is. Never a user's text. */
export const trusted = (markup: string): HtmlFragment => raw(markup);

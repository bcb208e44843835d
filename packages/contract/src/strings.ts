import { z } from 'zod';

/**
 * Text that PostgreSQL cannot store (U+0000) or that is not valid Unicode (a UTF-16 surrogate without
 * its pair) is refused where it enters: in the schemas of every function's input, with a 400.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text may not contain NUL characters or unpaired surrogates';
export const NESTING_MESSAGE = 'Nested too deeply';
/** How deep free-form JSON (analytics props) may nest. */
export const JSON_MAX_DEPTH = 8;

// No lookbehind: the web bundle carries this too, and older Safari cannot parse one. Matching NUL is
// the point of this pattern.
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text has no U+0000 and no unpaired surrogate. */
export const isSafeText = (value: string): boolean => !UNSAFE.test(value);

/** `z.string()` that refuses U+0000 and unpaired surrogates; chain `.trim()`, `.max()`, … as usual. */
export const text = () => z.string().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true, params: { fieldCode: 'unsafe_text' } });

/**
 * One text or a list of texts (a field that a form sends as one string and a client as a list). A
 * plain union refuses unsafe text with zod's "Invalid input" (neither option matches); this one keeps
 * the message of `text()`.
 */
export const textOrList = <S extends z.ZodType<string>, L extends z.ZodType<string[]>>(one: S, list: L) =>
  z.union([one, list], {
    error: (issue) => {
      const errors = (issue as { errors?: { message?: string }[][] }).errors ?? [];
      return errors.some((option) => option.some((i) => i.message === UNSAFE_TEXT_MESSAGE)) ? UNSAFE_TEXT_MESSAGE : undefined;
    },
  });

/**
 * Why a free-form JSON value is refused, or null when it is fine: every key and string inside it is
 * checked, and nesting is bounded (walked without recursion, so no input can exhaust the stack).
 */
export function unsafeJsonReason(value: unknown, maxDepth = JSON_MAX_DEPTH): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return UNSAFE_TEXT_MESSAGE;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return NESTING_MESSAGE;
      if (Array.isArray(v)) {
        for (const child of v) stack.push({ value: child, depth: depth + 1 });
      } else {
        for (const [key, child] of Object.entries(v)) {
          if (!isSafeText(key)) return UNSAFE_TEXT_MESSAGE;
          stack.push({ value: child, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}

/** A JSON object with free-form values whose keys and strings, at any depth, are safe text. */
export const safeJsonRecord = () =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const reason = unsafeJsonReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason, params: { fieldCode: reason === UNSAFE_TEXT_MESSAGE ? 'unsafe_text' : 'invalid_value' } });
  });

export const HTTP_URL_MESSAGE = 'Enter a web address that starts with http:// or https://';
/** A link a person enters (announcements, profiles): http(s) only, never `javascript:` or `data:`. */
export const httpUrl = () =>
  text()
    .trim()
    .max(2048)
    .url({ protocol: /^https?$/, message: HTTP_URL_MESSAGE });

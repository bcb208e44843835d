import { VALIDATION_MESSAGES } from '@curio/contract';
import type { z } from 'zod';

type ValidationKey = keyof typeof VALIDATION_MESSAGES;
const BY_TEXT = new Map<string, ValidationKey>((Object.entries(VALIDATION_MESSAGES) as [ValidationKey, string][]).map(([key, text]) => [text, key]));

/**
 * Maps a contract validation message (the English text the server sends in `fields`, or a zod issue message
 * from the shared schemas) to its i18n key. Unknown text never reaches the screen: it becomes `common.error`.
 */
export function validationMessageKey(message: string | undefined): string {
  if (!message) return 'common.error';
  const key = BY_TEXT.get(message);
  return key ? `validation.${key}` : 'common.error';
}

/** Field → i18n key, from a failed zod parse (first issue per field). */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!out[field]) out[field] = validationMessageKey(issue.message);
  }
  return out;
}

/** Field → i18n key, from the server's `fields` object. */
export function serverFieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields ?? {})) out[field] = validationMessageKey(message);
  return out;
}

import { z } from 'zod';
import { FIELD_ERROR_CODES, type FieldErrorCode } from './error-codes';

export const fieldErrorCodeSchema = z.enum(FIELD_ERROR_CODES);

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    /** English, for logs and API clients; the web app shows texts of its own by the codes. */
    message: z.string(),
    /** The first problem of each field that failed, by its path (`announcement.title`). */
    fields: z.record(z.string(), fieldErrorCodeSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

const FIELD_CODE_SET = new Set<string>(FIELD_ERROR_CODES);

export const isFieldErrorCode = (value: unknown): value is FieldErrorCode => typeof value === 'string' && FIELD_CODE_SET.has(value);

/**
 * The field code of a zod issue, the same on the server (the envelope's `fields`) and in the web's forms:
 * a refinement names its own with `params: { fieldCode }`; otherwise zod's issue code decides, an empty
 * text or list (minimum 1) being `required`.
 */
export function fieldErrorCode(issue: z.core.$ZodIssue): FieldErrorCode {
  switch (issue.code) {
    case 'custom': {
      const named = (issue.params as { fieldCode?: unknown } | undefined)?.fieldCode;
      return isFieldErrorCode(named) ? named : 'invalid_value';
    }
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') return Number(issue.minimum) <= 1 ? 'required' : 'too_short';
      return 'too_small';
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') return 'too_long';
      return 'too_big';
    case 'invalid_type':
      if (issue.expected === 'int') return 'not_integer';
      return 'input' in issue && (issue.input === undefined || issue.input === null) ? 'required' : 'invalid_type';
    case 'invalid_format':
      return 'invalid_format';
    case 'invalid_union':
      // One text or a list (textOrList): unsafe text is refused by every option alike.
      return issue.errors.some((option) => option.some((i) => fieldErrorCode(i) === 'unsafe_text')) ? 'unsafe_text' : 'invalid_value';
    default:
      return 'invalid_value';
  }
}

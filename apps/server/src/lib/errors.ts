import { fieldErrorCode, type ErrorCode, type FieldErrorCode } from '@curio/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** The one error type services throw; mapped once to the JSON envelope. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, FieldErrorCode>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, FieldErrorCode>) =>
  new AppError(400, fields ? 'validation_failed' : 'bad_request', message, fields);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Sign in to continue');
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (code: ErrorCode, message: string, fields?: Record<string, FieldErrorCode>) => new AppError(409, code, message, fields);

/** A failed parse: each field's first problem as a code (`fields`), the English messages for logs. */
export function fromZodError(error: ZodError): AppError {
  const fields: Record<string, FieldErrorCode> = {};
  const messages: string[] = [];
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (fields[key]) continue;
    fields[key] = fieldErrorCode(issue);
    messages.push(`${key} (${issue.message})`);
  }
  return new AppError(400, 'validation_failed', `Some fields are not valid: ${messages.join('; ')}`, fields);
}

export function envelope(code: string, message: string, fields?: Record<string, FieldErrorCode>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

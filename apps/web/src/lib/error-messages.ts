import { ERROR_CODES } from '@curio/contract';
import { isApiError } from './api-client';

// Kept apart from api-client: ERROR_CODES lives next to a zod schema, which the landing page does not need.
const KNOWN_CODES = new Set<string>([...ERROR_CODES, 'network_error']);

/** The i18n key for an error: `errors.<code>` for every known API code, otherwise the generic `common.error`. */
export function errorMessageKey(error: unknown): string {
  if (isApiError(error) && KNOWN_CODES.has(error.code)) return `errors.${error.code}`;
  return 'common.error';
}

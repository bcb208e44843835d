import { FIELD_ERROR_CODES, fieldErrorCode, isFieldErrorCode, type ErrorCode, type FieldErrorCode } from '@curio/contract';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { useForm, type FieldError, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isApiError, type ClientErrorCode } from './api-client';
import { errorMessageKey } from './error-messages';

/** The catalog key of each field code a field can fail with. */
export type FieldKeys = Partial<Record<FieldErrorCode, string>>;
/** A form's fields (by path, `announcement.title`) to the catalog keys of their codes. */
export type FormKeys = Record<string, FieldKeys>;

/** The texts of the contract's shared rules (schemas.ts), under `validation.*` in the catalogs. */
export const CONTRACT_KEYS = {
  handle: { required: 'validation.handleInvalid', invalid_format: 'validation.handleInvalid', taken: 'validation.handleTaken' },
  displayName: { required: 'validation.required', too_long: 'validation.displayNameTooLong' },
  bio: { too_long: 'validation.bioTooLong' },
  email: { required: 'validation.required', invalid_format: 'validation.emailInvalid' },
  password: { required: 'validation.required', too_short: 'validation.passwordLength', too_long: 'validation.passwordLength' },
  inviteCode: { required: 'validation.codeRequired', too_long: 'validation.codeTooLong' },
} as const satisfies Record<string, FieldKeys>;

/** One text for whatever is wrong with a field (a number's range told in one sentence). */
export const everyCode = (key: string): FieldKeys => Object.fromEntries(FIELD_ERROR_CODES.map((code) => [code, key]));

/** What any field falls back to; a code no form named becomes the generic `common.error`. */
const FALLBACK: FieldKeys = { required: 'validation.required' };

/** The catalog key of a field's code (from a form's check or the server's `fields`): the form's own, then the fallback. */
export function fieldErrorKey(field: string, code: string | undefined, keys: FormKeys = {}): string {
  if (!isFieldErrorCode(code)) return 'common.error';
  return keys[field]?.[code] ?? FALLBACK[code] ?? 'common.error';
}

/** The field an issue is told on: its path, or the nearest enclosing field the form names keys for (a list typed in one box). */
function issueField(path: readonly PropertyKey[], keys: FormKeys): string {
  const parts = path.map(String);
  for (let n = parts.length - 1; n > 0; n--) {
    const prefix = parts.slice(0, n).join('.');
    if (keys[prefix] && !keys[parts.join('.')]) return prefix;
  }
  return parts.join('.');
}

/** Field → catalog key, from the first issue of each field of a failed parse. */
export function issueKeys(issues: readonly z.core.$ZodIssue[], keys: FormKeys = {}): Record<string, { code: FieldErrorCode; key: string }> {
  const out: Record<string, { code: FieldErrorCode; key: string }> = {};
  for (const issue of issues) {
    const field = issueField(issue.path, keys);
    if (out[field]) continue;
    const code = fieldErrorCode(issue);
    out[field] = { code, key: fieldErrorKey(field, code, keys) };
  }
  return out;
}

/**
 * react-hook-form's resolver for a zod schema (the contract's input schema or a form schema built from its
 * rules). It does what `zodResolver` does (parse, nested errors, native validation when asked) but keeps
 * each issue's field code: an error's `type` is the code and its `message` the catalog key to translate.
 * (zodResolver passes on only zod's issue code and English message, which cannot tell "empty" from "too short".)
 */
export function formResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, keys: FormKeys = {}): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const flat: Record<string, FieldError> = {};
    for (const [field, { code, key }] of Object.entries(issueKeys(result.error.issues, keys))) flat[field] = { type: code, message: key };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * useForm with `formResolver(schema, keys)`. As the forms were before react-hook-form, a form checks its
 * fields when it is sent (not while typing, also after a failed send) and leaves the focus where it is.
 * Give it a schema and keys defined once (module level), not built in each render.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { keys, ...options }: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> & { keys?: FormKeys } = {},
) {
  return useForm<Input, unknown, Output>({
    resolver: formResolver(schema, keys),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...options,
  });
}

/** The translated text of a field's error (its message is a catalog key, `values` fill its placeholders), or null. */
export function errorText(
  t: (key: string, values?: Record<string, unknown>) => string,
  error: { message?: string } | undefined,
  values?: Record<string, unknown>,
): string | null {
  return error?.message ? t(error.message, values) : null;
}

/**
 * A text that must be filled in before the contract's rule is checked: empty (after trimming, unless
 * `trim: false`) is `required`, whatever the rule's own minimum says.
 */
export function filled<Output>(rule: z.ZodType<Output, string>, { trim = true }: { trim?: boolean } = {}) {
  return (trim ? z.string().trim() : z.string()).min(1).pipe(rule);
}

/**
 * A contract rule taken as parsing what a form holds (`narrowInput<string>()(tagsSchema)`: the tags
 * rule accepts a text, a list or nothing; the form has a text). Only narrower input is allowed, which
 * parses the same, so the form's values keep their type.
 */
export function narrowInput<I>() {
  return <O, W>(rule: z.ZodType<O, W>): [I] extends [W] ? z.ZodType<O, I> : never => rule as never;
}

/** A number typed in a text box, then the contract's rule of the number: empty is `required`, not a number `invalid_type`. */
export function typedNumber<Output>(rule: z.ZodType<Output, number>) {
  return z.string().trim().min(1).pipe(z.coerce.number()).pipe(rule);
}

/**
 * Puts the server's field codes of a failed call on the form's fields (the fields the form has; others
 * are left out; `list.2` on `list` when the form names keys for the list) and says whether any was put.
 * Nothing is compared by English text.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  keys: FormKeys = {},
  fields?: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let any = false;
  for (const [path, code] of Object.entries(error.fields)) {
    const field = issueField(path.split('.'), keys);
    if (fields && !fields.includes(field as Path<T>)) continue;
    setError(field as Path<T>, { type: code, message: fieldErrorKey(field, code, keys) });
    any = true;
  }
  return any;
}

/** The catalog key of a failed call by its code: the form's own text for a code, else `errors.<code>` (errorMessageKey). */
export function apiErrorKey(error: unknown, own: Partial<Record<ErrorCode | ClientErrorCode, string>> = {}): string {
  const key = isApiError(error) ? own[error.code as ErrorCode | ClientErrorCode] : undefined;
  return key ?? errorMessageKey(error);
}

import {
  API_PATHS,
  type ErrorCode,
  type ErrorEnvelope,
  type FunctionInput,
  type FunctionName,
  type FunctionOutput,
  type ReadFunctionName,
} from '@curio/contract';
import { reportAnswered, reportUnanswered } from './reachability';

/** A client-side code for a request that never got an answer. */
export type ClientErrorCode = 'network_error';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The contract's errorEnvelopeSchema, checked by hand so that zod stays out of the first bundle. */
export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (!body || typeof body !== 'object') return false;
  const error = (body as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return false;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  if (fields === undefined) return true;
  return !!fields && typeof fields === 'object' && Object.values(fields).every((v) => typeof v === 'string');
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal_error';
  return 'bad_request';
}

/** Turns a non-2xx response into an ApiError, reading the `{error:{code,message,fields}}` envelope when present. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (isErrorEnvelope(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, codeForStatus(response.status), response.statusText || 'Request failed');
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app registers what a 401 means on the current page (see app/root-layout). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  unauthorizedHandler = handler;
}

export function notifyUnauthorized(error: ApiError) {
  unauthorizedHandler?.(error);
}

/** GET is allowed for the contract's read functions only. */
export type CallOptions<N extends FunctionName = FunctionName> = {
  method?: N extends ReadFunctionName ? 'GET' | 'POST' : 'POST';
  signal?: AbortSignal;
};

/** The input may be left out when every field of the function's input is optional. */
type CallArgs<N extends FunctionName> =
  Record<never, never> extends FunctionInput<N> ? [input?: FunctionInput<N>, options?: CallOptions<N>] : [input: FunctionInput<N>, options?: CallOptions<N>];

function toQuery(body: Record<string, unknown> | undefined): string {
  if (!body) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    // A GET function's input: text, numbers and yes/no (the contract's read inputs).
    params.set(key, String(value as string | number | boolean));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Calls a named operation of the contract: POST /functions/v1/{name} with a JSON body, or GET with
 * query parameters for reads. The input and the answer are typed from the contract's schemas.
 * Non-2xx answers throw an ApiError; a network failure throws ApiError(0, 'network_error').
 */
export async function callFunction<N extends FunctionName>(name: N, ...[input, options]: CallArgs<N>): Promise<FunctionOutput<N>> {
  const method: 'GET' | 'POST' = options?.method ?? 'POST';
  const signal = options?.signal;
  const body = input as Record<string, unknown> | undefined;
  const url = `${API_PATHS.functions}/${name}${method === 'GET' ? toQuery(body) : ''}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: method === 'POST' ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    reportUnanswered();
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  reportAnswered();
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.status === 401) notifyUnauthorized(error);
    throw error;
  }
  return (await response.json()) as FunctionOutput<N>;
}

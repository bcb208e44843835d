import type { Api, FunctionName, FunctionParsedInput } from '@curio/contract';
import type { z } from 'zod';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface FunctionContext {
  user: SessionUser | null;
  requestId: string;
  headers: Headers;
  /** The client's address (the socket's, or X-Forwarded-For's first with TRUST_PROXY); null in-process. */
  clientIp: string | null;
}
export interface AuthedContext extends FunctionContext {
  user: SessionUser;
}

/** Public functions may be called by guests; every other access level needs a session. */
export type ContextFor<N extends FunctionName> = Api[N]['access'] extends 'public' ? FunctionContext : AuthedContext;

/** A handler gets the validated input and answers what the contract's output schema describes. */
export type Handler<N extends FunctionName> = (input: FunctionParsedInput<N>, ctx: ContextFor<N>) => Promise<z.input<Api[N]['output']>>;

export type Handlers<N extends FunctionName = FunctionName> = { [K in N]: Handler<K> };

/** Implements some of the contract's functions; typing only (names, inputs, outputs, context). */
export function implement<N extends FunctionName>(handlers: { [K in N]: Handler<K> }): Handlers<N> {
  return handlers;
}

const sharedAnswers = new WeakMap<object, { text: string | null; validWhile?: () => boolean }>();
/**
 * Marks an answer that is handed unchanged to many callers (a cached page as every guest sees it):
 * the function router serializes it once and sends the same bytes to each of them. The value must
 * not be changed afterwards. With `validWhile` (true as long as the same request would get this very
 * answer), a guest's GET may be answered with its bytes before routing (see {@link GuestAnswers}).
 */
export function sharedAnswer<T extends object>(value: T, validWhile?: () => boolean): T {
  if (!sharedAnswers.has(value)) sharedAnswers.set(value, { text: null, validWhile });
  return value;
}
/** The JSON text of an answer: computed once for a {@link sharedAnswer}, every time otherwise. */
export function answerText(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? {});
  const shared = sharedAnswers.get(value);
  if (shared?.text) return shared.text;
  const text = JSON.stringify(value);
  if (shared) shared.text = text;
  return text;
}
/** How long a shared answer stays the answer (its `validWhile`), if it said so. */
export function answerValidity(value: unknown): (() => boolean) | undefined {
  return value !== null && typeof value === 'object' ? sharedAnswers.get(value)?.validWhile : undefined;
}

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
}
export interface AuthedContext extends FunctionContext {
  user: SessionUser;
}

interface BaseDef<S extends z.ZodType> {
  name: string;
  /** Reads also answer GET with query parameters. */
  read?: boolean;
  input: S;
}
export type FunctionDef<S extends z.ZodType = z.ZodType, R = unknown> =
  | (BaseDef<S> & { auth: 'required'; handler: (input: z.output<S>, ctx: AuthedContext) => Promise<R> })
  | (BaseDef<S> & { auth: 'optional'; handler: (input: z.output<S>, ctx: FunctionContext) => Promise<R> });

/** Declares a named operation under /functions/v1/{name}; typing only. */
export function defineFunction<S extends z.ZodType, R>(def: FunctionDef<S, R>): FunctionDef<S, R> {
  return def;
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { APP_NAME_DEFAULT, INVITE_PREFIX_DEFAULT } from '@curio/contract';
import { ownerOnlyDir } from './lib/owner-only';
import { REPO_ROOT } from './paths';

export { REPO_ROOT };

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().url().optional());
/** An optional URL whose scheme must be one of `protocols` (e.g. `['http:', 'https:']`), with a host. */
const optionalUrlOf = (protocols: string[], message: string) =>
  optionalUrl.refine((v) => {
    if (v === undefined) return true;
    const url = new URL(v);
    return protocols.includes(url.protocol) && url.hostname !== '';
  }, message);

/** A TCP port to listen on: empty or 0 would let the system pick a random one nobody can reach. */
const port = z
  .string()
  .optional()
  .refine((v) => v === undefined || (/^\s*\d+\s*$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), 'must be a port number 1–65535')
  .transform((v) => (v === undefined ? 3000 : Number(v)));

/**
 * Example values of AUTH_SECRET from deploy/env.example and the documentation, and the words such
 * placeholders are made of: anyone who copied one would sign sessions with a secret that is public.
 */
export const AUTH_SECRET_PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?(me|this|with)|your[-_ ]?(auth[-_ ]?)?secret|placeholder|random[-_ ]string/i;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port,
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  APP_NAME: z.string().trim().min(1).default(APP_NAME_DEFAULT),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: optionalUrl,
  STATIC_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** The web app's server-side bundle (a guest's profile is rendered with it); none there: profiles arrive as their skeleton. */
  SSR_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist-ssr')),
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .refine((v) => !AUTH_SECRET_PLACEHOLDER.test(v), 'is an example value; generate a secret of your own, e.g. `openssl rand -base64 32`')
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Who receives DMCA notices (comma-separated); empty: the ADMIN_EMAILS. */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  SIGNUP_CREDITS: int(30),
  INVITE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9-]{0,12}$/, 'must be up to 12 of A-Z, 0-9 and -')
    .default(INVITE_PREFIX_DEFAULT),
  SMTP_URL: optionalUrlOf(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@smtp.example.org'),
  MAIL_FROM: z.string().default('Curio <no-reply@localhost>'),
  AUTH_RATE_LIMIT_WINDOW: int(60, 1),
  AUTH_RATE_LIMIT_MAX: int(100, 1),
  AUTH_SIGNIN_RATE_LIMIT_MAX: int(10, 1),
  MAX_BODY_BYTES: int(1024 * 1024, 1024),
  TRUST_PROXY: bool.default(false),
  /** An external OpenID Connect provider people may sign in with (its issuer URL, client id and secret). */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  OIDC_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** The provider's name on the sign-in button ("Sign in with <name>"); default "OpenID Connect". */
  OIDC_NAME: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Where SMS codes are POSTed ({to, text} as JSON); unset, they go to the SMS outbox in the database. */
  SMS_URL: optionalUrl,
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers 404 in production and is open otherwise. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** How often each process adds its function statistics to the database. */
  FUNCTION_STATS_FLUSH_SECONDS: int(5, 1),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_ENDPOINT: optionalUrlOf(['http:', 'https:'], 'must be an http:// or https:// URL, e.g. http://minio:9000'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z.string().default(''),
  S3_PUBLIC_URL: optionalUrl,
  /**
   * Without S3_BUCKET on PostgreSQL: the operator's word that every process on the database keeps its
   * images in this same DATA_DIR/storage folder (one machine, one DATA_DIR: `npm start` and its worker
   * children, `npm run worker` started beside it with the same DATA_DIR).
   */
  LOCAL_STORAGE_SHARED: bool.default(false),
  GENERATOR: z.enum(['studio', 'openai']).default('studio'),
  GENERATOR_URL: optionalUrl,
  GENERATOR_MODEL: z.string().default('gpt-image-1'),
  GENERATOR_API_KEY: z.string().optional(),
  GENERATOR_TIMEOUT_MS: int(120_000, 1000),
  CUTOUT: z.enum(['model', 'simple']).default('model'),
  CUTOUT_CONCURRENCY: int(1, 1, 4),
  /** Cut-out worker processes `npm start` starts (on PGlite at most one, a child fed over IPC); 0: none. */
  WORKERS: int(1, 0, 16),
  UPLOADS_PER_HOUR: int(120, 1),
  COMMENT_INTERVAL_SECONDS: int(10, 0),
  EXPLORE_SNAPSHOT_SECONDS: int(30, 1, 3600),
  COMMENTS_PER_HOUR: int(30, 1),
  MESSAGE_INTERVAL_SECONDS: int(1, 0, 3600),
  MESSAGES_PER_HOUR: int(100, 1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type RawEnv = z.infer<typeof envSchema>;
export type Env = RawEnv & { PUBLIC_URL: string; AUTH_SECRET: string };

/** Cross-field rules zod's object schema cannot say on its own. */
function checkCombinations(env: RawEnv): string[] {
  const problems: string[] = [];
  if (env.GENERATOR === 'openai' && !env.GENERATOR_URL) problems.push('  GENERATOR_URL: required when GENERATOR=openai');
  if (env.S3_BUCKET && Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY');
  }
  // Every process on one PostgreSQL must sign sessions with the same secret; one generated into a
  // process's own data directory would sign the others' sessions out.
  if (env.S3_PUBLIC_URL && !(env.S3_BUCKET && env.S3_ACCESS_KEY_ID)) {
    problems.push('  S3_PUBLIC_URL: needs S3_BUCKET and the keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to sign URLs');
  }
  if (env.DATABASE_URL && !env.AUTH_SECRET) problems.push('  AUTH_SECRET: required when DATABASE_URL is set (every process must share it)');
  // PostgreSQL is there for several processes, and they must see the same images: one kept in a
  // process's own DATA_DIR/storage would be missing in every other (404 on the image, 502 on a
  // generation, an export without its images).
  if (env.DATABASE_URL && !env.S3_BUCKET && !env.LOCAL_STORAGE_SHARED) {
    problems.push(
      '  S3_BUCKET: required when DATABASE_URL is set, so that every process sees the same images; ' +
        'or set LOCAL_STORAGE_SHARED=true if every process on this database runs on this machine with this same DATA_DIR ' +
        '(npm start with its workers, npm run worker with the same DATA_DIR)',
    );
  }
  // On the embedded database no other process can make cut-outs: without a worker, photos would wait
  // for one forever and generation would answer photos_preparing.
  if (!env.DATABASE_URL && env.WORKERS === 0 && env.CUTOUT === 'model') {
    problems.push('  WORKERS: 0 needs CUTOUT=simple on the embedded database (no other process can make the cut-outs); set WORKERS=1 or CUTOUT=simple');
  }
  return problems;
}

export class EnvError extends Error {}

/** Parses the environment once; a bad value throws an EnvError naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): RawEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const problems = checkCombinations(result.data);
  if (problems.length) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  return result.data;
}

/**
 * Completes the environment: the public URL defaults to localhost and the auth secret, when not
 * given, is generated once and kept in the data directory so sessions survive restarts.
 */
export function resolveEnv(raw: RawEnv): Env {
  const PUBLIC_URL = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  let AUTH_SECRET = raw.AUTH_SECRET;
  if (!AUTH_SECRET) {
    ownerOnlyDir(raw.DATA_DIR);
    const file = path.join(raw.DATA_DIR, '.auth-secret');
    if (existsSync(file)) AUTH_SECRET = readFileSync(file, 'utf8').trim();
    else {
      AUTH_SECRET = randomBytes(32).toString('base64url');
      writeFileSync(file, AUTH_SECRET, { mode: 0o600 });
    }
  }
  return { ...raw, PUBLIC_URL, AUTH_SECRET };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return resolveEnv(parseEnv(source));
}

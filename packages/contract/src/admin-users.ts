import { z } from 'zod';
import { roleSchema } from './schemas';
import { text } from './strings';

/** How many users one page of the admin's user list holds. */
export const ADMIN_USERS_PAGE_SIZE = 25;
/** The most credits one admin grant may add or take. */
export const ADMIN_CREDITS_GRANT_MAX = 100_000;
export const ADMIN_CREDITS_REASON_MAX = 200;
/** A user's id in the admin's functions (better-auth's ids). */
const userIdSchema = text().min(1).max(64);

/** `admin-users-list`: search by handle or email (part of either), newest accounts first. */
export const adminUsersListInputSchema = z.object({
  q: text().trim().max(100).optional(),
  cursor: text().max(200).optional(),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  handle: z.string().nullable(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  tester: z.boolean(),
  roles: z.array(roleSchema),
  credits: z.number().int(),
  suspended: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersListResultSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

/** `admin-user-update`: any of roles (the full set), tester and suspended; what is left out stays. */
export const adminUserUpdateInputSchema = z
  .object({
    userId: userIdSchema,
    roles: z.array(roleSchema).max(2).optional(),
    tester: z.boolean().optional(),
    suspended: z.boolean().optional(),
  })
  .refine((v) => v.roles !== undefined || v.tester !== undefined || v.suspended !== undefined, {
    message: 'Nothing to change',
    path: ['userId'],
  });

export const adminUserResultSchema = z.object({ user: adminUserSchema });

/** `admin-credits-grant`: a ledger entry; negative takes credits (never below a zero balance). */
export const adminCreditsGrantInputSchema = z.object({
  userId: userIdSchema,
  amount: z
    .number()
    .int('Enter a whole number')
    .min(-ADMIN_CREDITS_GRANT_MAX)
    .max(ADMIN_CREDITS_GRANT_MAX)
    .refine((n) => n !== 0, 'The amount may not be zero'),
  reason: text().trim().min(1, 'This field is required.').max(ADMIN_CREDITS_REASON_MAX),
});

/** Why a collector's credits changed (each entry of the credits history has one). */
export const CREDIT_REASONS = ['signup', 'invite', 'admin_grant', 'generation', 'refund', 'refill'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];
export const ADMIN_CREDITS_HISTORY_PAGE_SIZE = 50;

/** `admin-credits-history`: a collector's credit entries, newest first, a page at a time. */
export const adminCreditsHistoryInputSchema = z.object({
  userId: userIdSchema,
  cursor: text().max(200).optional(),
});
export const creditEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  /** An admin's reason for a grant. */
  note: z.string().nullable(),
  /** The admin who granted or took credits (null when gone, or for every other reason). */
  actor: z.object({ id: z.string(), handle: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;
export const adminCreditsHistoryResultSchema = z.object({
  entries: z.array(creditEntrySchema),
  /** The balance now (the sum of every entry). */
  balance: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** Calls of one function over a window, summed over every process. Durations in milliseconds. */
export const functionWindowStatsSchema = z.object({
  calls: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  /** Server errors (5xx) per call, 0–1. */
  errorRate: z.number(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
});

export const adminFunctionStatsResultSchema = z.object({
  functions: z.array(z.object({ name: z.string(), hour: functionWindowStatsSchema, day: functionWindowStatsSchema })),
  errors: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.number().int(),
      code: z.string().nullable(),
      requestId: z.string().nullable(),
      at: z.string(),
    }),
  ),
  generatedAt: z.string(),
});
export type AdminFunctionStats = z.infer<typeof adminFunctionStatsResultSchema>;

// ---- One account in detail: sign-in methods, factors, sessions; factor removal, deletion, sign-in links ----

/** `admin-user-get`, `admin-user-factors-list`: one user by id. */
export const adminUserIdInputSchema = z.object({ userId: userIdSchema });

/** A second factor or passkey (the spec's factor types: totp, phone, webauthn). */
export const ADMIN_FACTOR_KINDS = ['totp', 'phone', 'webauthn'] as const;
export type AdminFactorKind = (typeof ADMIN_FACTOR_KINDS)[number];
export const adminFactorSchema = z.object({
  id: z.string(),
  kind: z.enum(ADMIN_FACTOR_KINDS),
  /** The name the person gave it (a passkey's, an authenticator's) or, for a phone, the masked number. */
  name: z.string().nullable(),
  createdAt: z.string().nullable(),
  verified: z.boolean(),
});
export type AdminFactor = z.infer<typeof adminFactorSchema>;

/** What an admin did to an account (kept after the account is gone). */
export const ADMIN_ACCOUNT_ACTIONS = ['suspend', 'reactivate', 'factor_remove', 'sign_in_link', 'delete'] as const;
export type AdminAccountAction = (typeof ADMIN_ACCOUNT_ACTIONS)[number];
export const adminAccountActionSchema = z.object({
  id: z.string(),
  action: z.enum(ADMIN_ACCOUNT_ACTIONS),
  /** The acting admin's address (null once their account is gone). */
  actorEmail: z.string().nullable(),
  /** What the action was about (the removed factor's kind and name, for instance). */
  note: z.string(),
  at: z.string(),
});
export type AdminAccountActionEntry = z.infer<typeof adminAccountActionSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  emailVerified: z.boolean(),
  /** The newest session's start (null when the person has never signed in or every session has ended). */
  lastSignInAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** When the person's own scheduled deletion takes effect (null when none is scheduled). */
  deletionScheduledFor: z.string().nullable(),
  activeSessions: z.number().int(),
  twoFactorEnabled: z.boolean(),
  signInMethods: z.object({
    password: z.boolean(),
    /** A sign-in link or a code by mail: every account with an address has it. */
    magicLink: z.boolean(),
    passkeys: z.number().int(),
    wallets: z.array(z.object({ address: z.string(), chainId: z.number().int() })),
    /** External OpenID Connect identities (provider and the id there). */
    identities: z.array(z.object({ providerId: z.string(), accountId: z.string(), createdAt: z.string() })),
  }),
  factors: z.array(adminFactorSchema),
  /** The newest admin actions on this account, newest first. */
  actions: z.array(adminAccountActionSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserGetResultSchema = z.object({ user: adminUserDetailSchema });

export const adminUserFactorsListResultSchema = z.object({ factors: z.array(adminFactorSchema) });

/** `admin-user-factor-remove`: the person is mailed a notice; two-factor sign-in ends with its last factor. */
export const adminUserFactorRemoveInputSchema = z.object({ userId: userIdSchema, factorId: text().min(1).max(200) });
export const adminUserFactorRemoveResultSchema = z.object({ factors: z.array(adminFactorSchema), twoFactorEnabled: z.boolean() });

/** `admin-user-delete`: `confirm` is the account's address, typed by the admin. */
export const adminUserDeleteInputSchema = z.object({ userId: userIdSchema, confirm: text().trim().min(1, 'This field is required.').max(320) });
export const adminUserDeleteResultSchema = z.object({ deleted: z.literal(true) });

/** How long an admin's sign-in link works (once). */
export const ADMIN_SIGN_IN_LINK_MINUTES = 15;
export const adminUserSignInLinkResultSchema = z.object({ url: z.string(), expiresAt: z.string() });

// ---- The job queue: every queue by state, the jobs that failed for good, retried or dropped by an admin ----

/** How many failed jobs `admin-jobs` lists, newest first. */
export const ADMIN_FAILED_JOBS_LIMIT = 50;
export const jobQueueFiguresSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  retrying: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  /** Seconds the oldest job that may run now has waited (0 when none waits). */
  oldestWaitingSeconds: z.number(),
});
/** One job queue's jobs by state (the admin's job queue page, /metrics). */
export type JobQueueFigures = z.infer<typeof jobQueueFiguresSchema>;
/** A process that works the queue is alive while its last heartbeat is at most this old (it beats every 15 s). */
export const JOB_PROCESS_BEAT_MAX_AGE_SECONDS = 60;
export const jobProcessSchema = z.object({
  /** The host name, the process id and a random part. */
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  /** The queues it works. */
  queues: z.array(z.string()),
  startedAt: z.string(),
  lastBeatAt: z.string(),
  secondsSinceBeat: z.number().int(),
  /** Beat within JOB_PROCESS_BEAT_MAX_AGE_SECONDS; a process that died or hangs stays listed, not alive, for a day. */
  alive: z.boolean(),
  /** The process that answered this request. */
  self: z.boolean(),
});
/** A process working the job queue, by its heartbeat (the admin's job queue page, /metrics). */
export type JobProcess = z.infer<typeof jobProcessSchema>;
export const adminJobsResultSchema = z.object({
  queues: z.array(jobQueueFiguresSchema),
  /** The web and worker processes working the queue, the latest heartbeat first. */
  processes: z.array(jobProcessSchema),
  /** Jobs out of attempts, newest first (at most ADMIN_FAILED_JOBS_LIMIT): what failed, never their data. */
  failed: z.array(
    z.object({
      id: z.string(),
      queue: z.string(),
      attempts: z.number().int(),
      error: z.string().nullable(),
      createdAt: z.string(),
      failedAt: z.string().nullable(),
    }),
  ),
  generatedAt: z.string(),
});
export type AdminJobs = z.infer<typeof adminJobsResultSchema>;
/** `admin-job-retry`, `admin-job-drop`: one failed job of one queue. */
export const adminJobInputSchema = z.object({
  queue: text().regex(/^[a-z][a-z-]{0,62}$/, 'Not a queue name'),
  jobId: text().uuid('Not a valid id'),
});
export const adminJobResultSchema = z.object({ ok: z.literal(true) });

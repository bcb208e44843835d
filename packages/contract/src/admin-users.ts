import { z } from 'zod';
import { roleSchema } from './schemas';
import { text } from './strings';

/** How many users one page of the admin's user list holds. */
export const ADMIN_USERS_PAGE_SIZE = 25;
/** The most credits one admin grant may add or take. */
export const ADMIN_CREDITS_GRANT_MAX = 100_000;
export const ADMIN_CREDITS_REASON_MAX = 200;

/** `admin-users-list`: search by handle or email (part of either), newest accounts first. */
export const adminUsersListInputSchema = z.object({
  q: text().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
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
    userId: z.string().min(1).max(64),
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
  userId: z.string().min(1).max(64),
  amount: z
    .number()
    .int('Enter a whole number')
    .min(-ADMIN_CREDITS_GRANT_MAX)
    .max(ADMIN_CREDITS_GRANT_MAX)
    .refine((n) => n !== 0, 'The amount may not be zero'),
  reason: text().trim().min(1, 'This field is required.').max(ADMIN_CREDITS_REASON_MAX),
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
    z.object({ id: z.number().int(), name: z.string(), status: z.number().int(), code: z.string().nullable(), requestId: z.string().nullable(), at: z.string() }),
  ),
  generatedAt: z.string(),
});
export type AdminFunctionStats = z.infer<typeof adminFunctionStatsResultSchema>;

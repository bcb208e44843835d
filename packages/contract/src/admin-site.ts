import { z } from 'zod';
import { inviteCodeSchema, INVITE_STATUSES } from './outputs';
import { isSafeText, text, UNSAFE_TEXT_MESSAGE } from './strings';

/** Page sizes of the admin lists. */
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;

const page = z.coerce.number().int().min(0).max(100_000).default(0);
const pageSize = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT);

// Invite codes ------------------------------------------------------------------------------

export const adminInviteSchema = inviteCodeSchema.extend({
  prefix: z.string(),
  createdAt: z.string(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;
/** `admin-invites-create`: the new codes, as the list shows them. */
export const adminInvitesCreateResultSchema = z.object({ codes: z.array(adminInviteSchema) });

export const adminInvitesListInputSchema = z.object({
  status: z.enum([...INVITE_STATUSES, 'all']).default('all'),
  page,
  pageSize,
});
export type AdminInvitesListInput = z.input<typeof adminInvitesListInputSchema>;
export const adminInvitesListResultSchema = z.object({
  codes: z.array(adminInviteSchema),
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many codes there are in each status (for the filter chips). */
  counts: z.object({ all: z.number().int(), active: z.number().int(), expired: z.number().int(), disabled: z.number().int() }),
});
export type AdminInvitesListResult = z.infer<typeof adminInvitesListResultSchema>;

export const adminInviteDisableInputSchema = z.object({ id: text().uuid() });
export const adminInviteDisableResultSchema = z.object({ code: adminInviteSchema });

// Feedback ----------------------------------------------------------------------------------

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'abuse', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_MESSAGE_MAX = 1000;
/** Submissions per hour per signed-in user, or per client address for guests. */
export const FEEDBACK_RATE_LIMIT = { bucket: 'feedback', max: 5, windowSeconds: 3600 } as const;

export const FEEDBACK_MESSAGES = {
  required: 'This field is required.',
  tooLong: `Feedback must be ${FEEDBACK_MESSAGE_MAX} characters or less`,
  email: 'Enter a valid email address',
  rateLimited: 'Too many submissions — please try again later.',
} as const;

export const feedbackSubmitInputSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { message: FEEDBACK_MESSAGES.required }),
  message: z
    .string({ error: FEEDBACK_MESSAGES.required })
    .refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true, params: { fieldCode: 'unsafe_text' } })
    .trim()
    .min(1, FEEDBACK_MESSAGES.required)
    .max(FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES.tooLong),
  /** Optional: a blank address counts as none. */
  email: text()
    .trim()
    .max(254, FEEDBACK_MESSAGES.email)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(FEEDBACK_MESSAGES.email).nullable()),
  /** The page the person came from (a path on this site). */
  path: text()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v && v.startsWith('/') ? v : null)),
});
export type FeedbackSubmitInput = z.input<typeof feedbackSubmitInputSchema>;
export const feedbackSubmitResultSchema = z.object({ id: z.string() });

export const feedbackEntrySchema = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  email: z.string().nullable(),
  path: z.string().nullable(),
  createdAt: z.string(),
  /** The signed-in sender, or null for a guest. */
  user: z.object({ id: z.string(), handle: z.string().nullable() }).nullable(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const adminFeedbackListInputSchema = z.object({
  category: z.enum([...FEEDBACK_CATEGORIES, 'all']).default('all'),
  page,
  pageSize,
});
export type AdminFeedbackListInput = z.input<typeof adminFeedbackListInputSchema>;
export const adminFeedbackListResultSchema = z.object({
  entries: z.array(feedbackEntrySchema),
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminFeedbackListResult = z.infer<typeof adminFeedbackListResultSchema>;

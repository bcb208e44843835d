import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, MODERATION_TARGET_TYPES, DMCA_STATUSES, REPORT_NOTE_MAX, MODERATION_NOTE_MAX } from './limits';
import { hiddenSourceSchema } from './outputs';
import { personSchema, userIdSchema } from './social-graph';
import { uuidSchema } from './shelf';
import { text } from './strings';

/**
 * Reports and moderation (spec part 2 §2 "Moderation dashboard", §3 "Report", §4 report and DMCA
 * statuses, §6 roles, §8 moderation errors): people report items, comments, profiles and message
 * threads; moderators (and admins) act on reports and DMCA notices; every act is kept append-only.
 */

export const REPORT_ACTIONS = ['hide', 'unhide', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const DMCA_ACTIONS = ['hide', 'needinfo', 'dismiss', 'resolve'] as const;
export type DmcaAction = (typeof DMCA_ACTIONS)[number];
/** Every action the history can hold. */
export const MODERATION_ACTIONS = ['hide', 'unhide', 'dismiss', 'needinfo', 'resolve'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_PAGE = 30;

export const MODERATION_MESSAGES = {
  noteRequired: 'Add a note for the record',
  noteTooLong: `Note must be ${MODERATION_NOTE_MAX} characters or less`,
  reportNoteTooLong: `Note must be ${REPORT_NOTE_MAX} characters or less`,
  reportTarget: 'Name the profile to report by user id or handle',
  ownContent: 'You cannot report your own content',
  alreadyClosed: 'This report has already been closed',
  alreadyHidden: 'This content is already hidden',
  notHidden: 'This content is not hidden',
  targetGone: 'The reported content no longer exists',
  dmcaHidden: 'This item was taken down by a DMCA notice: act on the notice instead',
} as const;

const cursorSchema = text().max(200).optional();
const reportNoteSchema = text()
  .trim()
  .max(REPORT_NOTE_MAX, MODERATION_MESSAGES.reportNoteTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));
/** A moderator's note with each action: required, so the history always says why. */
export const moderationNoteSchema = text().trim().min(1, MODERATION_MESSAGES.noteRequired).max(MODERATION_NOTE_MAX, MODERATION_MESSAGES.noteTooLong);

// ---------------------------------------------------------------------------------------------
// Filing reports (signed-in users)
// ---------------------------------------------------------------------------------------------
export const itemReportInputSchema = z.object({
  itemId: uuidSchema,
  reason: z.enum(REPORT_REASONS),
  note: reportNoteSchema,
});
export type ItemReportInput = z.input<typeof itemReportInputSchema>;

export const profileReportInputSchema = z
  .object({
    userId: userIdSchema.optional(),
    handle: text().trim().toLowerCase().min(1).max(64).optional(),
    reason: z.enum(REPORT_REASONS),
    note: reportNoteSchema,
  })
  .refine((v) => v.userId !== undefined || v.handle !== undefined, {
    message: MODERATION_MESSAGES.reportTarget,
    path: ['handle'],
    params: { fieldCode: 'required' },
  });
export type ProfileReportInput = z.input<typeof profileReportInputSchema>;

/** The report filed, or the reporter's open report of the same target. */
export const reportFiledResultSchema = z.object({ reportId: z.string() });

// ---------------------------------------------------------------------------------------------
// The history of moderation actions (append-only)
// ---------------------------------------------------------------------------------------------
export const moderationActionSchema = z.object({
  id: z.string(),
  /** The moderator; null once their account is gone. */
  actor: personSchema.nullable(),
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: z.string(),
  reportId: z.string().nullable(),
  dmcaId: z.string().nullable(),
  action: z.enum(MODERATION_ACTIONS),
  note: z.string(),
  createdAt: z.string(),
  /** A short description of the target (an item title, a comment's start, @handle), null when gone. */
  targetLabel: z.string().nullable(),
});
export type ModerationActionEntry = z.infer<typeof moderationActionSchema>;

export const modActionsListInputSchema = z.object({
  cursor: cursorSchema,
  targetType: z.enum(MODERATION_TARGET_TYPES).optional(),
});
export const modActionsListResultSchema = z.object({
  actions: z.array(moderationActionSchema),
  nextCursor: z.string().nullable(),
});
export type ModActionsListResult = z.infer<typeof modActionsListResultSchema>;

// ---------------------------------------------------------------------------------------------
// Reports (moderators)
// ---------------------------------------------------------------------------------------------
export const reportCountsSchema = z.object({
  open: z.number().int().min(0),
  hidden: z.number().int().min(0),
  dismissed: z.number().int().min(0),
});
export type ReportCounts = z.infer<typeof reportCountsSchema>;

export const reportSummarySchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** One of REPORT_REASONS, or empty (a comment or thread reported without a reason). */
  reason: z.string(),
  note: z.string().nullable(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** A short description of the target (an item title, a comment's start, @handle), null when gone. */
  targetLabel: z.string().nullable(),
  /** The target is hidden now (false when it is gone). */
  targetHidden: z.boolean(),
  /** How many reports (any status, any reporter) the same target has. */
  targetReportCount: z.number().int().min(0),
  /** Null once the reporter's account is gone. */
  reporter: personSchema.nullable(),
  createdAt: z.string(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const modReportsListInputSchema = z.object({
  /** Without it: every status. */
  status: z.enum(REPORT_STATUSES).optional(),
  targetType: z.enum(REPORT_TARGET_TYPES).optional(),
  cursor: cursorSchema,
});
export const modReportsListResultSchema = z.object({
  reports: z.array(reportSummarySchema),
  /** Per status, with the target-type filter applied. */
  counts: reportCountsSchema,
  nextCursor: z.string().nullable(),
});
export type ModReportsListResult = z.infer<typeof modReportsListResultSchema>;

const modItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  nsfw: z.boolean(),
  hidden: z.boolean(),
  hiddenSource: hiddenSourceSchema.nullable(),
  /** The chosen composite's image, if any. */
  imageId: z.string().nullable(),
  photos: z.array(z.object({ imageId: z.string(), role: z.string() })),
  owner: personSchema.nullable(),
  createdAt: z.string(),
});
export type ModItem = z.infer<typeof modItemSchema>;

export const modMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  sender: personSchema.nullable(),
  createdAt: z.string(),
  hidden: z.boolean(),
});

/** The reported content in context; `missing` when it was deleted since. */
export const reportTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('item'), item: modItemSchema }),
  z.object({
    type: z.literal('comment'),
    comment: z.object({ id: z.string(), body: z.string(), hidden: z.boolean(), author: personSchema.nullable(), createdAt: z.string() }),
    /** The item the comment is on. */
    item: modItemSchema,
  }),
  z.object({
    type: z.literal('profile'),
    profile: personSchema.extend({ bio: z.string().nullable(), hidden: z.boolean(), public: z.boolean(), createdAt: z.string() }),
  }),
  z.object({
    type: z.literal('thread'),
    threadId: z.string(),
    /** The person reported: the thread's other party (null if gone). */
    reported: personSchema.nullable(),
    hidden: z.boolean(),
    /** The reported party's messages up to the report, oldest first (the latest MODERATION_PAGE). */
    messages: z.array(modMessageSchema),
  }),
  z.object({ type: z.literal('missing') }),
]);
export type ReportTarget = z.infer<typeof reportTargetSchema>;

export const modReportGetInputSchema = z.object({ reportId: uuidSchema });
export const modReportGetResultSchema = z.object({
  report: reportSummarySchema,
  target: reportTargetSchema,
  /** Other reports of the same target, newest first. */
  otherReports: z.array(reportSummarySchema),
  /** Earlier actions on the same target, newest first. */
  actions: z.array(moderationActionSchema),
});
export type ModReportGetResult = z.infer<typeof modReportGetResultSchema>;

export const modReportActInputSchema = z.object({
  reportId: uuidSchema,
  action: z.enum(REPORT_ACTIONS),
  note: moderationNoteSchema,
});
export const modReportActResultSchema = z.object({
  report: reportSummarySchema,
  action: moderationActionSchema,
  /** Reports of the target this action closed (this one included). */
  closedReports: z.number().int().min(0),
});
export type ModReportActResult = z.infer<typeof modReportActResultSchema>;

// ---------------------------------------------------------------------------------------------
// DMCA notices (moderators); the public `dmca-submit` is declared with the DMCA form.
// ---------------------------------------------------------------------------------------------
export const dmcaCountsSchema = z.object({
  open: z.number().int().min(0),
  needinfo: z.number().int().min(0),
  hidden: z.number().int().min(0),
  dismissed: z.number().int().min(0),
  resolved: z.number().int().min(0),
});
export type DmcaCounts = z.infer<typeof dmcaCountsSchema>;

export const dmcaSummarySchema = z.object({
  /** The reference the claimant was given. */
  id: z.string(),
  status: z.enum(DMCA_STATUSES),
  claimantName: z.string(),
  claimantEmail: z.string(),
  infringingItemId: z.string().nullable(),
  /** The item's title when the notice names an item that still exists. */
  itemTitle: z.string().nullable(),
  infringingUrls: z.array(z.string()),
  createdAt: z.string(),
});
export type DmcaSummary = z.infer<typeof dmcaSummarySchema>;

export const modDmcaListInputSchema = z.object({
  status: z.enum(DMCA_STATUSES).optional(),
  cursor: cursorSchema,
});
export const modDmcaListResultSchema = z.object({
  notices: z.array(dmcaSummarySchema),
  counts: dmcaCountsSchema,
  nextCursor: z.string().nullable(),
});
export type ModDmcaListResult = z.infer<typeof modDmcaListResultSchema>;

export const dmcaNoticeSchema = dmcaSummarySchema.extend({
  claimantAddress: z.string().nullable(),
  claimantPhone: z.string().nullable(),
  signature: z.string(),
  workDescription: z.string(),
  originalUrls: z.array(z.string()),
  goodFaith: z.boolean(),
  perjury: z.boolean(),
  attachments: z.array(z.string()),
});
export type DmcaNotice = z.infer<typeof dmcaNoticeSchema>;

export const modDmcaGetInputSchema = z.object({ id: text().trim().min(1).max(64) });
export const modDmcaGetResultSchema = z.object({
  notice: dmcaNoticeSchema,
  /** The infringing item in context, when the notice names one that still exists. */
  item: modItemSchema.nullable(),
  /** Earlier actions on this notice and on its item, newest first. */
  actions: z.array(moderationActionSchema),
});
export type ModDmcaGetResult = z.infer<typeof modDmcaGetResultSchema>;

export const modDmcaActInputSchema = z.object({
  id: text().trim().min(1).max(64),
  action: z.enum(DMCA_ACTIONS),
  note: moderationNoteSchema,
});
export const modDmcaActResultSchema = z.object({
  notice: dmcaSummarySchema,
  action: moderationActionSchema,
});
export type ModDmcaActResult = z.infer<typeof modDmcaActResultSchema>;

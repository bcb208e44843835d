import type { z } from 'zod';
import type { Access, RateLimitPolicy } from './functions';
import {
  adminSettingsUpdateSchema,
  analyticsTrackResultSchema,
  analyticsTrackSchema,
  hasRoleInputSchema,
  hasRoleResultSchema,
  inviteRedeemInputSchema,
  inviteRedeemResultSchema,
  onboardingInputSchema,
  profileMeSchema,
  publicSiteSettingsSchema,
} from './schemas';
import {
  itemsChooseInputSchema,
  itemsCreateInputSchema,
  itemsGenerateInputSchema,
  itemsPlaceInputSchema,
  photosAddInputSchema,
  photosDeleteInputSchema,
  photosUpdateRoleInputSchema,
  shelfApplyInputSchema,
  shelfAutoArrangeInputSchema,
  shelfGetResultSchema,
  shelfMoveInputSchema,
  shelfResizeInputSchema,
  uploadsSignInputSchema,
  uploadsSignResultSchema,
} from './shelf';
import {
  commentIdInputSchema,
  commentsCreateInputSchema,
  commentsListInputSchema,
  commentsReportInputSchema,
  exploreListInputSchema,
  exploreListResultSchema,
  exploreTopTagsInputSchema,
  itemIdInputSchema,
  itemsUpdateInputSchema,
  mentionsSearchInputSchema,
  settingsUpdateInputSchema,
  likeToggleInputSchema,
  saveToggleInputSchema,
} from './social';
import {
  adminInvitesCreateResultSchema,
  adminSettingsUpdateResultSchema,
  arrangementResultSchema,
  arrangementsResultSchema,
  commentsCreateResultSchema,
  commentsListResultSchema,
  commentsReportResultSchema,
  countResultSchema,
  creditBalanceResultSchema,
  deletedResultSchema,
  emptyInputSchema,
  itemGetResultSchema,
  itemsChooseResultSchema,
  itemsCreateResultSchema,
  itemsGenerateResultSchema,
  itemsUpdateResultSchema,
  likeToggleResultSchema,
  mentionsSearchResultSchema,
  onboardingResultSchema,
  photoResultSchema,
  saveToggleResultSchema,
  savesListResultSchema,
  topTagsResultSchema,
  userSettingsResultSchema,
} from './outputs';
import { adminInvitesCreateInputSchema } from './admin';

export interface FunctionSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** Who may call it: checked once, by the server's function router. */
  access: Access;
  /** Reads also answer GET with query parameters. */
  read?: boolean;
  /** Counted in the database per caller; 429 with Retry-After above it. */
  rateLimit?: RateLimitPolicy;
}

const fn = <const S extends FunctionSpec>(spec: S): S => spec;

/**
 * Every named operation under /functions/v1/{name}, declared once: the server registers its
 * handlers from this map, the web calls them through one typed `callFunction`, and the API tests
 * parse every answer with its output schema.
 */
export const API = {
  // Site and accounts
  'public-site-settings': fn({ input: emptyInputSchema, output: publicSiteSettingsSchema, access: 'public', read: true }),
  'has-role': fn({ input: hasRoleInputSchema, output: hasRoleResultSchema, access: 'user', read: true }),
  'profile-me': fn({ input: emptyInputSchema, output: profileMeSchema, access: 'user', read: true }),
  'onboarding-complete': fn({ input: onboardingInputSchema, output: onboardingResultSchema, access: 'user' }),
  'invite-redeem': fn({ input: inviteRedeemInputSchema, output: inviteRedeemResultSchema, access: 'user' }),
  'analytics-track': fn({
    input: analyticsTrackSchema,
    output: analyticsTrackResultSchema,
    access: 'public',
    rateLimit: { bucket: 'analytics', max: 120, windowSeconds: 60 },
  }),
  'settings-get': fn({ input: emptyInputSchema, output: userSettingsResultSchema, access: 'user', read: true }),
  'settings-update': fn({ input: settingsUpdateInputSchema, output: userSettingsResultSchema, access: 'user' }),
  'get-credit-balance': fn({ input: emptyInputSchema, output: creditBalanceResultSchema, access: 'user', read: true }),
  'notifications-unseen-count': fn({ input: emptyInputSchema, output: countResultSchema, access: 'user', read: true }),

  // Admin
  'admin-settings-update': fn({ input: adminSettingsUpdateSchema, output: adminSettingsUpdateResultSchema, access: 'admin' }),
  'admin-invites-create': fn({ input: adminInvitesCreateInputSchema, output: adminInvitesCreateResultSchema, access: 'admin' }),

  // Images, items and the shelf
  'uploads-sign': fn({ input: uploadsSignInputSchema, output: uploadsSignResultSchema, access: 'user' }),
  'items-create': fn({ input: itemsCreateInputSchema, output: itemsCreateResultSchema, access: 'user' }),
  'photos-add': fn({ input: photosAddInputSchema, output: photoResultSchema, access: 'user' }),
  'photos-update-role': fn({ input: photosUpdateRoleInputSchema, output: photoResultSchema, access: 'user' }),
  'photos-delete': fn({ input: photosDeleteInputSchema, output: deletedResultSchema, access: 'user' }),
  'items-generate': fn({ input: itemsGenerateInputSchema, output: itemsGenerateResultSchema, access: 'user' }),
  'items-choose': fn({ input: itemsChooseInputSchema, output: itemsChooseResultSchema, access: 'user' }),
  'items-place': fn({ input: itemsPlaceInputSchema, output: arrangementResultSchema, access: 'user' }),
  'shelf-get': fn({ input: emptyInputSchema, output: shelfGetResultSchema, access: 'user', read: true }),
  'shelf-move': fn({ input: shelfMoveInputSchema, output: arrangementResultSchema, access: 'user' }),
  'shelf-auto-arrange': fn({ input: shelfAutoArrangeInputSchema, output: arrangementsResultSchema, access: 'user' }),
  'shelf-apply': fn({ input: shelfApplyInputSchema, output: arrangementsResultSchema, access: 'user' }),
  'shelf-resize': fn({ input: shelfResizeInputSchema, output: shelfGetResultSchema, access: 'user' }),

  // Discovery and item pages
  'explore-list': fn({ input: exploreListInputSchema, output: exploreListResultSchema, access: 'public', read: true }),
  'explore-top-tags': fn({ input: exploreTopTagsInputSchema, output: topTagsResultSchema, access: 'public', read: true }),
  'item-get': fn({ input: itemIdInputSchema, output: itemGetResultSchema, access: 'public', read: true }),
  'items-update': fn({ input: itemsUpdateInputSchema, output: itemsUpdateResultSchema, access: 'user' }),
  'items-delete': fn({ input: itemIdInputSchema, output: deletedResultSchema, access: 'user' }),
  'social-like-toggle': fn({ input: likeToggleInputSchema, output: likeToggleResultSchema, access: 'user' }),
  'social-bookmark-toggle': fn({ input: saveToggleInputSchema, output: saveToggleResultSchema, access: 'user' }),
  'saves-list': fn({ input: emptyInputSchema, output: savesListResultSchema, access: 'user', read: true }),

  // Comments
  'comments-list': fn({ input: commentsListInputSchema, output: commentsListResultSchema, access: 'public', read: true }),
  'comments-create': fn({ input: commentsCreateInputSchema, output: commentsCreateResultSchema, access: 'user' }),
  'comments-delete': fn({ input: commentIdInputSchema, output: deletedResultSchema, access: 'user' }),
  'comments-report': fn({ input: commentsReportInputSchema, output: commentsReportResultSchema, access: 'user' }),
  'mentions-search': fn({ input: mentionsSearchInputSchema, output: mentionsSearchResultSchema, access: 'user', read: true }),
} satisfies Record<string, FunctionSpec>;

export type Api = typeof API;
export type FunctionName = keyof Api;
/** What a caller sends (before defaults and transforms). */
export type FunctionInput<N extends FunctionName> = z.input<Api[N]['input']>;
/** What a handler receives (validated and transformed). */
export type FunctionParsedInput<N extends FunctionName> = z.output<Api[N]['input']>;
/** What the function answers, as JSON. */
export type FunctionOutput<N extends FunctionName> = z.output<Api[N]['output']>;
/** The names of the functions that also answer GET. */
export type ReadFunctionName = { [N in FunctionName]: Api[N] extends { read: true } ? N : never }[FunctionName];
export type FunctionAccess<N extends FunctionName> = Api[N]['access'];
export const FUNCTION_NAMES = Object.keys(API) as FunctionName[];

import type { z } from 'zod';
import type { Access, RateLimitPolicy } from './functions';
import { searchInputSchema, searchResultSchema } from './search';
import {
  feedListInputSchema,
  feedListResultSchema,
  mutesListResultSchema,
  mutesToggleInputSchema,
  mutesToggleResultSchema,
  peopleSuggestInputSchema,
  peopleSuggestResultSchema,
  tagGetResultSchema,
  tagInputSchema,
  tagsFollowedListResultSchema,
  tagsFollowToggleInputSchema,
  tagsFollowToggleResultSchema,
} from './discovery';
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
  itemsUnfinishedListResultSchema,
  itemsVariantsListResultSchema,
  itemsPlaceInputSchema,
  photosAddInputSchema,
  photosDeleteInputSchema,
  photosUpdateInputSchema,
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
  adminSettingsUpdateResultSchema,
  arrangementResultSchema,
  arrangementsResultSchema,
  commentsCreateResultSchema,
  commentsListResultSchema,
  commentsReportResultSchema,
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
  photosStatusResultSchema,
  saveToggleResultSchema,
  savesListResultSchema,
  topTagsResultSchema,
  userSettingsResultSchema,
} from './outputs';
import { adminInvitesCreateInputSchema } from './admin';
import {
  collectionListResultSchema,
  fileAnswerSchema,
  inventoryCsvInputSchema,
  inventoryImportPreviewResultSchema,
  inventoryImportResultSchema,
  inventoryImportStatusInputSchema,
  inventoryImportStatusResultSchema,
  itemsLedgerUpdateInputSchema,
  itemsLedgerUpdateResultSchema,
} from './ledger';
import {
  wantedCreateInputSchema,
  wantedEntryResultSchema,
  wantedIdInputSchema,
  wantedListInputSchema,
  wantedListResultSchema,
  wantedUpdateInputSchema,
} from './wanted';
import {
  adminFeedbackListInputSchema,
  adminFeedbackListResultSchema,
  adminInviteDisableInputSchema,
  adminInviteDisableResultSchema,
  adminInvitesCreateResultSchema,
  adminInvitesListInputSchema,
  adminInvitesListResultSchema,
  FEEDBACK_RATE_LIMIT,
  feedbackSubmitInputSchema,
  feedbackSubmitResultSchema,
} from './admin-site';
import {
  adminCreditsGrantInputSchema,
  adminCreditsHistoryInputSchema,
  adminCreditsHistoryResultSchema,
  adminFunctionStatsResultSchema,
  adminJobInputSchema,
  adminJobResultSchema,
  adminJobsResultSchema,
  adminUserResultSchema,
  adminUsersListInputSchema,
  adminUsersListResultSchema,
  adminUserUpdateInputSchema,
  adminUserDeleteInputSchema,
  adminUserDeleteResultSchema,
  adminUserFactorRemoveInputSchema,
  adminUserFactorRemoveResultSchema,
  adminUserFactorsListResultSchema,
  adminUserGetResultSchema,
  adminUserIdInputSchema,
  adminUserSignInLinkResultSchema,
} from './admin-users';
import {
  adminOAuthClientCreateInputSchema,
  adminOAuthClientDeleteResultSchema,
  adminOAuthClientResultSchema,
  adminOAuthClientSecretResultSchema,
  adminOAuthClientsListResultSchema,
  oauthClientIdInputSchema,
} from './oauth-clients';
import {
  itemReportInputSchema,
  modActionsListInputSchema,
  modActionsListResultSchema,
  modDmcaActInputSchema,
  modDmcaActResultSchema,
  modDmcaGetInputSchema,
  modDmcaGetResultSchema,
  modDmcaListInputSchema,
  modDmcaListResultSchema,
  modReportActInputSchema,
  modReportActResultSchema,
  modReportGetInputSchema,
  modReportGetResultSchema,
  modReportsListInputSchema,
  modReportsListResultSchema,
  profileReportInputSchema,
  reportFiledResultSchema,
} from './moderation';
import {
  blockToggleInputSchema,
  blockToggleResultSchema,
  dmMarkReadResultSchema,
  dmMessagesListInputSchema,
  dmMessagesListResultSchema,
  dmRecipientsSearchInputSchema,
  dmRecipientsSearchResultSchema,
  dmReportInputSchema,
  dmReportResultSchema,
  dmSendInputSchema,
  dmSendResultSchema,
  dmThreadIdInputSchema,
  dmThreadsListInputSchema,
  dmThreadsListResultSchema,
  dmThreadUpsertInputSchema,
  dmThreadUpsertResultSchema,
  followsListInputSchema,
  followsListResultSchema,
  followToggleInputSchema,
  followToggleResultSchema,
  insightsSummaryResultSchema,
  notificationsListInputSchema,
  notificationsListResultSchema,
  notificationsMarkReadInputSchema,
  notificationsMarkReadResultSchema,
  unseenCountResultSchema,
  profileGetInputSchema,
  profileGetResultSchema,
  profileHandleChangeInputSchema,
  profileResultSchema,
  profileUpdateInputSchema,
} from './social-graph';
import { dmcaSubmitInputSchema, dmcaSubmitResultSchema } from './dmca';
import {
  accountDataStatusSchema,
  accountDeleteCodeResultSchema,
  accountDeleteRequestInputSchema,
  accountDeleteRequestResultSchema,
  accountDeletionNoticeResultSchema,
  accountExportStateSchema,
} from './account-data';
import { accountSessionRevokeInputSchema, accountSessionRevokeResultSchema, accountSessionsListResultSchema } from './account-sessions';
import { accountMfaRenameInputSchema, accountMfaStatusSchema } from './account-mfa';

export interface FunctionSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** Who may call it: checked once, by the server's function router. */
  access: Access;
  /** Reads also answer GET with query parameters. */
  read?: boolean;
  /** Counted in the database per caller; 429 with Retry-After above it. */
  rateLimit?: RateLimitPolicy;
  /** Answers a file (the output is `{ fileName, contentType, body }`): sent as its body, as an attachment. */
  file?: boolean;
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
  'notifications-unseen-count': fn({ input: emptyInputSchema, output: unseenCountResultSchema, access: 'user', read: true }),

  // Admin
  'admin-settings-update': fn({ input: adminSettingsUpdateSchema, output: adminSettingsUpdateResultSchema, access: 'admin' }),
  'admin-invites-create': fn({ input: adminInvitesCreateInputSchema, output: adminInvitesCreateResultSchema, access: 'admin' }),
  'admin-settings-get': fn({ input: emptyInputSchema, output: adminSettingsUpdateResultSchema, access: 'admin', read: true }),
  'admin-invites-list': fn({ input: adminInvitesListInputSchema, output: adminInvitesListResultSchema, access: 'admin', read: true }),
  'admin-invite-disable': fn({ input: adminInviteDisableInputSchema, output: adminInviteDisableResultSchema, access: 'admin' }),
  'admin-feedback-list': fn({ input: adminFeedbackListInputSchema, output: adminFeedbackListResultSchema, access: 'admin', read: true }),
  // Feedback: signed-in people and guests (an optional session); 5 an hour per user or address.
  'feedback-submit': fn({ input: feedbackSubmitInputSchema, output: feedbackSubmitResultSchema, access: 'public', rateLimit: FEEDBACK_RATE_LIMIT }),
  'admin-users-list': fn({ input: adminUsersListInputSchema, output: adminUsersListResultSchema, access: 'admin', read: true }),
  'admin-user-update': fn({ input: adminUserUpdateInputSchema, output: adminUserResultSchema, access: 'admin' }),
  'admin-credits-grant': fn({ input: adminCreditsGrantInputSchema, output: adminUserResultSchema, access: 'admin' }),
  'admin-credits-history': fn({ input: adminCreditsHistoryInputSchema, output: adminCreditsHistoryResultSchema, access: 'admin', read: true }),
  'admin-user-get': fn({ input: adminUserIdInputSchema, output: adminUserGetResultSchema, access: 'admin', read: true }),
  'admin-user-factors-list': fn({ input: adminUserIdInputSchema, output: adminUserFactorsListResultSchema, access: 'admin', read: true }),
  'admin-user-factor-remove': fn({ input: adminUserFactorRemoveInputSchema, output: adminUserFactorRemoveResultSchema, access: 'admin' }),
  'admin-user-delete': fn({ input: adminUserDeleteInputSchema, output: adminUserDeleteResultSchema, access: 'admin' }),
  'admin-user-sign-in-link': fn({ input: adminUserIdInputSchema, output: adminUserSignInLinkResultSchema, access: 'admin' }),
  'admin-function-stats': fn({ input: emptyInputSchema, output: adminFunctionStatsResultSchema, access: 'admin', read: true }),
  'admin-jobs': fn({ input: emptyInputSchema, output: adminJobsResultSchema, access: 'admin', read: true }),
  'admin-job-retry': fn({ input: adminJobInputSchema, output: adminJobResultSchema, access: 'admin' }),
  'admin-job-drop': fn({ input: adminJobInputSchema, output: adminJobResultSchema, access: 'admin' }),
  // OAuth clients (Curio as an OAuth 2.1 / OpenID provider); the secret is shown on create and regenerate only.
  'admin-oauth-clients-list': fn({ input: emptyInputSchema, output: adminOAuthClientsListResultSchema, access: 'admin', read: true }),
  'admin-oauth-client-create': fn({ input: adminOAuthClientCreateInputSchema, output: adminOAuthClientSecretResultSchema, access: 'admin' }),
  'admin-oauth-client-get': fn({ input: oauthClientIdInputSchema, output: adminOAuthClientResultSchema, access: 'admin', read: true }),
  'admin-oauth-client-delete': fn({ input: oauthClientIdInputSchema, output: adminOAuthClientDeleteResultSchema, access: 'admin' }),
  'admin-oauth-client-regenerate-secret': fn({ input: oauthClientIdInputSchema, output: adminOAuthClientSecretResultSchema, access: 'admin' }),

  // Images, items and the shelf
  'uploads-sign': fn({ input: uploadsSignInputSchema, output: uploadsSignResultSchema, access: 'user' }),
  'items-create': fn({ input: itemsCreateInputSchema, output: itemsCreateResultSchema, access: 'user' }),
  'photos-add': fn({ input: photosAddInputSchema, output: photoResultSchema, access: 'user' }),
  /** A photo's role and alt text (what is left out stays). */
  'photos-update': fn({ input: photosUpdateInputSchema, output: photoResultSchema, access: 'user' }),
  /** The role alone: `photos-update`'s older name, kept for clients that call it. */
  'photos-update-role': fn({ input: photosUpdateRoleInputSchema, output: photoResultSchema, access: 'user' }),
  'photos-delete': fn({ input: photosDeleteInputSchema, output: deletedResultSchema, access: 'user' }),
  'photos-status': fn({ input: itemIdInputSchema, output: photosStatusResultSchema, access: 'user', read: true }),
  'items-generate': fn({ input: itemsGenerateInputSchema, output: itemsGenerateResultSchema, access: 'user' }),
  'items-choose': fn({ input: itemsChooseInputSchema, output: itemsChooseResultSchema, access: 'user' }),
  'items-variants-list': fn({ input: itemIdInputSchema, output: itemsVariantsListResultSchema, access: 'user', read: true }),
  'items-unfinished-list': fn({ input: emptyInputSchema, output: itemsUnfinishedListResultSchema, access: 'user', read: true }),
  'items-place': fn({ input: itemsPlaceInputSchema, output: arrangementResultSchema, access: 'user' }),
  'shelf-get': fn({ input: emptyInputSchema, output: shelfGetResultSchema, access: 'user', read: true }),
  'shelf-move': fn({ input: shelfMoveInputSchema, output: arrangementResultSchema, access: 'user' }),
  'shelf-auto-arrange': fn({ input: shelfAutoArrangeInputSchema, output: arrangementsResultSchema, access: 'user' }),
  'shelf-apply': fn({ input: shelfApplyInputSchema, output: arrangementsResultSchema, access: 'user' }),
  'shelf-resize': fn({ input: shelfResizeInputSchema, output: shelfGetResultSchema, access: 'user' }),

  // Discovery and item pages
  'explore-list': fn({ input: exploreListInputSchema, output: exploreListResultSchema, access: 'public', read: true }),
  'explore-top-tags': fn({ input: exploreTopTagsInputSchema, output: topTagsResultSchema, access: 'public', read: true }),
  search: fn({ input: searchInputSchema, output: searchResultSchema, access: 'public', read: true }),
  'item-get': fn({ input: itemIdInputSchema, output: itemGetResultSchema, access: 'public', read: true }),
  'items-update': fn({ input: itemsUpdateInputSchema, output: itemsUpdateResultSchema, access: 'user' }),
  'items-delete': fn({ input: itemIdInputSchema, output: deletedResultSchema, access: 'user' }),
  'social-like-toggle': fn({ input: likeToggleInputSchema, output: likeToggleResultSchema, access: 'user' }),
  'social-bookmark-toggle': fn({ input: saveToggleInputSchema, output: saveToggleResultSchema, access: 'user' }),
  'saves-list': fn({ input: emptyInputSchema, output: savesListResultSchema, access: 'user', read: true }),

  // The private ledger and the collection (the owner's alone: nothing else answers a ledger)
  'items-ledger-update': fn({ input: itemsLedgerUpdateInputSchema, output: itemsLedgerUpdateResultSchema, access: 'user' }),
  'collection-list': fn({ input: emptyInputSchema, output: collectionListResultSchema, access: 'user', read: true }),
  'inventory-export': fn({ input: emptyInputSchema, output: fileAnswerSchema, access: 'user', read: true, file: true }),
  'inventory-import-preview': fn({
    input: inventoryCsvInputSchema,
    output: inventoryImportPreviewResultSchema,
    access: 'user',
    rateLimit: { bucket: 'inventory-import', max: 120, windowSeconds: 3600 },
  }),
  'inventory-import': fn({
    input: inventoryCsvInputSchema,
    output: inventoryImportResultSchema,
    access: 'user',
    rateLimit: { bucket: 'inventory-import', max: 120, windowSeconds: 3600 },
  }),
  'inventory-import-status': fn({ input: inventoryImportStatusInputSchema, output: inventoryImportStatusResultSchema, access: 'user', read: true }),

  // Comments
  'comments-list': fn({ input: commentsListInputSchema, output: commentsListResultSchema, access: 'public', read: true }),
  'comments-create': fn({ input: commentsCreateInputSchema, output: commentsCreateResultSchema, access: 'user' }),
  'comments-delete': fn({ input: commentIdInputSchema, output: deletedResultSchema, access: 'user' }),
  'comments-report': fn({ input: commentsReportInputSchema, output: commentsReportResultSchema, access: 'user' }),
  'mentions-search': fn({ input: mentionsSearchInputSchema, output: mentionsSearchResultSchema, access: 'user', read: true }),

  // People: profiles, follows, blocks, insights
  'profile-get': fn({ input: profileGetInputSchema, output: profileGetResultSchema, access: 'public', read: true }),
  'profile-update': fn({ input: profileUpdateInputSchema, output: profileResultSchema, access: 'user' }),
  'profile-handle-change': fn({ input: profileHandleChangeInputSchema, output: profileResultSchema, access: 'user' }),
  'social-follow-toggle': fn({ input: followToggleInputSchema, output: followToggleResultSchema, access: 'user' }),
  'follows-list': fn({ input: followsListInputSchema, output: followsListResultSchema, access: 'public', read: true }),
  'user-block-toggle': fn({ input: blockToggleInputSchema, output: blockToggleResultSchema, access: 'user' }),
  'insights-summary': fn({ input: emptyInputSchema, output: insightsSummaryResultSchema, access: 'user', read: true }),

  // The wanted list: a person's by handle (public entries of a profile the viewer may see), or the caller's own
  'wanted-list': fn({ input: wantedListInputSchema, output: wantedListResultSchema, access: 'public', read: true }),
  'wanted-create': fn({ input: wantedCreateInputSchema, output: wantedEntryResultSchema, access: 'user' }),
  'wanted-update': fn({ input: wantedUpdateInputSchema, output: wantedEntryResultSchema, access: 'user' }),
  'wanted-delete': fn({ input: wantedIdInputSchema, output: deletedResultSchema, access: 'user' }),

  // Notifications
  'notifications-list': fn({ input: notificationsListInputSchema, output: notificationsListResultSchema, access: 'user', read: true }),
  'notifications-mark-read': fn({ input: notificationsMarkReadInputSchema, output: notificationsMarkReadResultSchema, access: 'user' }),

  // Direct messages
  'dm-thread-upsert': fn({ input: dmThreadUpsertInputSchema, output: dmThreadUpsertResultSchema, access: 'user' }),
  'dm-threads-list': fn({ input: dmThreadsListInputSchema, output: dmThreadsListResultSchema, access: 'user', read: true }),
  'dm-messages-list': fn({ input: dmMessagesListInputSchema, output: dmMessagesListResultSchema, access: 'user', read: true }),
  'dm-send': fn({ input: dmSendInputSchema, output: dmSendResultSchema, access: 'user' }),
  'dm-mark-read': fn({ input: dmThreadIdInputSchema, output: dmMarkReadResultSchema, access: 'user' }),
  'dm-report': fn({ input: dmReportInputSchema, output: dmReportResultSchema, access: 'user' }),
  'dm-recipients-search': fn({ input: dmRecipientsSearchInputSchema, output: dmRecipientsSearchResultSchema, access: 'user', read: true }),

  // Discovery: the home feed, suggestions, tag pages, mutes
  'feed-list': fn({ input: feedListInputSchema, output: feedListResultSchema, access: 'user', read: true }),
  'people-suggest': fn({ input: peopleSuggestInputSchema, output: peopleSuggestResultSchema, access: 'user', read: true }),
  'tag-get': fn({ input: tagInputSchema, output: tagGetResultSchema, access: 'public', read: true }),
  'tags-follow-toggle': fn({ input: tagsFollowToggleInputSchema, output: tagsFollowToggleResultSchema, access: 'user' }),
  'tags-followed-list': fn({ input: emptyInputSchema, output: tagsFollowedListResultSchema, access: 'user', read: true }),
  'mutes-toggle': fn({ input: mutesToggleInputSchema, output: mutesToggleResultSchema, access: 'user' }),
  'mutes-list': fn({ input: emptyInputSchema, output: mutesListResultSchema, access: 'user', read: true }),

  // DMCA notices (public form; moderation in moderation.ts)
  'dmca-submit': fn({
    input: dmcaSubmitInputSchema,
    output: dmcaSubmitResultSchema,
    access: 'public',
    rateLimit: { bucket: 'dmca-submit', max: 5, windowSeconds: 3600 },
  }),

  // Reports and moderation
  'item-report': fn({
    input: itemReportInputSchema,
    output: reportFiledResultSchema,
    access: 'user',
    rateLimit: { bucket: 'reports', max: 30, windowSeconds: 3600 },
  }),
  'profile-report': fn({
    input: profileReportInputSchema,
    output: reportFiledResultSchema,
    access: 'user',
    rateLimit: { bucket: 'reports', max: 30, windowSeconds: 3600 },
  }),
  'mod-reports-list': fn({ input: modReportsListInputSchema, output: modReportsListResultSchema, access: 'moderator', read: true }),
  'mod-report-get': fn({ input: modReportGetInputSchema, output: modReportGetResultSchema, access: 'moderator', read: true }),
  'mod-report-act': fn({ input: modReportActInputSchema, output: modReportActResultSchema, access: 'moderator' }),
  'mod-dmca-list': fn({ input: modDmcaListInputSchema, output: modDmcaListResultSchema, access: 'moderator', read: true }),
  'mod-dmca-get': fn({ input: modDmcaGetInputSchema, output: modDmcaGetResultSchema, access: 'moderator', read: true }),
  'mod-dmca-act': fn({ input: modDmcaActInputSchema, output: modDmcaActResultSchema, access: 'moderator' }),
  'mod-actions-list': fn({ input: modActionsListInputSchema, output: modActionsListResultSchema, access: 'moderator', read: true }),
  // Own your data: an export built in the background, and a deletion after a grace period
  'account-export-request': fn({
    input: emptyInputSchema,
    output: accountExportStateSchema,
    access: 'user',
    rateLimit: { bucket: 'account-export', max: 3, windowSeconds: 86400 },
  }),
  'account-export-status': fn({ input: emptyInputSchema, output: accountDataStatusSchema, access: 'user', read: true }),
  'account-delete-code': fn({
    input: emptyInputSchema,
    output: accountDeleteCodeResultSchema,
    access: 'user',
    rateLimit: { bucket: 'account-delete-code', max: 5, windowSeconds: 3600 },
  }),
  'account-delete-request': fn({
    input: accountDeleteRequestInputSchema,
    output: accountDeleteRequestResultSchema,
    access: 'user',
    rateLimit: { bucket: 'account-delete', max: 10, windowSeconds: 3600 },
  }),
  'account-deletion-notice': fn({ input: emptyInputSchema, output: accountDeletionNoticeResultSchema, access: 'user' }),
  // Sessions: one's own, listed with device and place; one ended by id (others and all through the auth service)
  'account-sessions-list': fn({ input: emptyInputSchema, output: accountSessionsListResultSchema, access: 'user', read: true }),
  'account-session-revoke': fn({
    input: accountSessionRevokeInputSchema,
    output: accountSessionRevokeResultSchema,
    access: 'user',
    rateLimit: { bucket: 'account-session-revoke', max: 60, windowSeconds: 3600 },
  }),
  // Second factors: the authenticator app's name and what is set up (enrolment itself is better-auth's)
  'account-mfa-get': fn({ input: emptyInputSchema, output: accountMfaStatusSchema, access: 'user', read: true }),
  'account-mfa-rename': fn({ input: accountMfaRenameInputSchema, output: accountMfaStatusSchema, access: 'user' }),
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

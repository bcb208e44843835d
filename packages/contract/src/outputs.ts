import { z } from 'zod';
import { DM_OPTIONS } from './limits';
import { itemFactsSchema } from './facts';
import { commentSchema } from './social';
import { announcementSettingSchema, creditRefillSchema, profileSchema } from './schemas';
import { arrangementSchema, imageTreatmentSchema, photoPrepSchema, photoSchema, type uploadResultSchema, variantSchema } from './shelf';

/**
 * Answers of the named operations that have no schema beside their input. Every function's
 * output schema is named in `api.ts`; the API tests parse each answer with it.
 */

const isoDate = z.string();

export const emptyInputSchema = z.object({});

export const deletedResultSchema = z.object({ deleted: z.literal(true) });

/**
 * `get-credit-balance`: the caller's credits; when an allowance is set, when it next refills and to how many
 * (`nextRefillAt` and `refillAmount` null when refills are off).
 */
export const creditBalanceResultSchema = z.object({
  balance: z.number().int(),
  nextRefillAt: isoDate.nullable(),
  refillAmount: z.number().int().nullable(),
});
export type CreditBalance = z.infer<typeof creditBalanceResultSchema>;

export const onboardingResultSchema = z.object({ profile: profileSchema, shelfId: z.string() });
export type OnboardingResult = z.infer<typeof onboardingResultSchema>;

/** The stored site settings as admins see them. */
export const siteSettingsSchema = z.object({
  betaOpen: z.boolean(),
  maintenanceMode: z.boolean(),
  maintenanceStatusUrl: z.string().nullable(),
  announcement: announcementSettingSchema.nullable(),
  creditRefill: creditRefillSchema,
});
export const adminSettingsUpdateResultSchema = z.object({ settings: siteSettingsSchema });

export const INVITE_STATUSES = ['active', 'expired', 'disabled'] as const;
export const inviteCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  maxUses: z.number().int(),
  usesCount: z.number().int(),
  expiresAt: isoDate.nullable(),
  grantTester: z.boolean(),
  grantCredits: z.number().int(),
  notes: z.string().nullable(),
  status: z.enum(INVITE_STATUSES),
});
export type InviteCode = z.infer<typeof inviteCodeSchema>;

export const createdItemSchema = z.object({
  id: z.string(),
  shelfId: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  nsfw: z.boolean(),
  metadata: z.string().nullable(),
  facts: itemFactsSchema,
  chosenCompositeId: z.string().nullable(),
  createdAt: isoDate,
});
export type CreatedItem = z.infer<typeof createdItemSchema>;
export const itemsCreateResultSchema = z.object({ item: createdItemSchema });
export const photoResultSchema = z.object({ photo: photoSchema });
export const itemsGenerateResultSchema = z.object({
  variants: z.array(variantSchema),
  /** Image ids of the photos whose model cut-out failed, for which the simple cut was used. */
  simpleCut: z.array(z.string()),
  /** How the item was shown in these variants; null when an image model staged the photos itself. */
  treatment: imageTreatmentSchema.nullable(),
});
export type ItemsGenerateResult = z.infer<typeof itemsGenerateResultSchema>;
export const photoStatusSchema = z.object({ imageId: z.string(), prep: photoPrepSchema });
export type PhotoStatus = z.infer<typeof photoStatusSchema>;
export const photosStatusResultSchema = z.object({ photos: z.array(photoStatusSchema) });
export const itemsChooseResultSchema = z.object({ itemId: z.string(), chosenCompositeId: z.string(), imageId: z.string() });

export const arrangementResultSchema = z.object({ arrangement: arrangementSchema });
export const arrangementsResultSchema = z.object({ arrangements: z.array(arrangementSchema) });

export const HIDDEN_SOURCES = ['dmca', 'other'] as const;
export const hiddenSourceSchema = z.enum(HIDDEN_SOURCES);
export type HiddenSource = z.infer<typeof hiddenSourceSchema>;

export const itemOwnerSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  public: z.boolean(),
  avatarImageId: z.string().nullable(),
});
export type ItemOwner = z.infer<typeof itemOwnerSchema>;
export const itemViewerSchema = z.object({
  signedIn: z.boolean(),
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
  liked: z.boolean(),
  saved: z.boolean(),
  /**
   * Whether the viewer may message the item's owner now (the server's one DM rule: no block either
   * way, and the owner's DM setting admits them). Only in a visible item's answer to a signed-in
   * viewer other than its owner; absent means no Message button.
   */
  canMessage: z.boolean().optional(),
});
export type ItemViewer = z.infer<typeof itemViewerSchema>;
export const itemPhotoSchema = z.object({ id: z.string(), imageId: z.string(), role: z.string(), altText: z.string().nullable() });
export type ItemPhoto = z.infer<typeof itemPhotoSchema>;
export const itemCompositeSchema = z.object({
  id: z.string(),
  imageId: z.string(),
  style: z.string(),
  variantNo: z.number().int(),
  chosen: z.boolean(),
});
export type ItemComposite = z.infer<typeof itemCompositeSchema>;
export const itemDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  nsfw: z.boolean(),
  hidden: z.boolean(),
  hiddenSource: hiddenSourceSchema.nullable(),
  createdAt: isoDate,
  chosenCompositeId: z.string().nullable(),
  imageId: z.string().nullable(),
  /** The chosen image's alt text; null when unset (the title stands in). */
  altText: z.string().nullable(),
  composites: z.array(itemCompositeSchema),
  photos: z.array(itemPhotoSchema),
  counts: z.object({ likes: z.number(), comments: z.number(), saves: z.number(), views: z.number() }),
  /** What the item is: public with the item. */
  facts: itemFactsSchema,
  /** The notes from the wizard's first step (`metadata`): only in the owner's answer. */
  notes: z.string().nullable().optional(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;
export const itemGetResultSchema = z.discriminatedUnion('access', [
  z.object({ access: z.literal('visible'), item: itemDetailSchema, owner: itemOwnerSchema, viewer: itemViewerSchema }),
  z.object({
    access: z.literal('removed'),
    item: z.object({ id: z.string(), hidden: z.literal(true), hiddenSource: hiddenSourceSchema }),
    owner: itemOwnerSchema,
    viewer: itemViewerSchema,
  }),
  /** The owner's profile is private: nothing of the item or its owner (as profile-get answers only that it is private). */
  z.object({ access: z.literal('private'), item: z.null(), owner: z.null(), viewer: itemViewerSchema }),
]);
export type ItemGetResult = z.infer<typeof itemGetResultSchema>;

export const updatedItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  nsfw: z.boolean(),
  notes: z.string().nullable(),
  facts: itemFactsSchema,
  altText: z.string().nullable(),
});
export type UpdatedItem = z.infer<typeof updatedItemSchema>;
export const itemsUpdateResultSchema = z.object({ item: updatedItemSchema });

export const likeToggleResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int().min(0) });
export type LikeToggleResult = z.infer<typeof likeToggleResultSchema>;
export const saveToggleResultSchema = z.object({ saved: z.boolean() });
export type SaveToggleResult = z.infer<typeof saveToggleResultSchema>;

export const savedItemSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  altText: z.string().nullable(),
  nsfw: z.boolean(),
  savedAt: isoDate,
});
export type SavedItem = z.infer<typeof savedItemSchema>;
export const savesListResultSchema = z.object({ items: z.array(savedItemSchema) });

export const topTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export const topTagsResultSchema = z.array(topTagSchema);

export const mentionSuggestionSchema = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarImageId: z.string().nullable(),
});
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;
export const mentionsSearchResultSchema = z.object({ users: z.array(mentionSuggestionSchema) });

export const commentsReportResultSchema = z.object({ reportId: z.string() });

export const blockedUserSchema = z.object({
  blocked_id: z.string(),
  profiles: z.object({ display_name: z.string(), handle: z.string(), avatar_image_id: z.string().nullable() }),
});
export const userSettingsResultSchema = z.object({
  settings: z.object({
    include_nsfw: z.boolean(),
    allow_dms: z.enum(DM_OPTIONS),
    analytics_opt_out: z.boolean(),
  }),
  profilePublic: z.boolean(),
  blockedUsers: z.array(blockedUserSchema),
});
export type UserSettings = z.infer<typeof userSettingsResultSchema>;

export const commentsListResultSchema = z.object({
  comments: z.array(commentSchema),
  totalCount: z.number().int().min(0),
  nextCursor: z.string().nullable(),
});
export type CommentsPage = z.infer<typeof commentsListResultSchema>;
export const commentsCreateResultSchema = z.object({ comment: commentSchema, mentions: z.array(z.string()) });

/** What the signed upload URL answers (POST /storage/v1/upload/{token}). */
export type UploadResult = z.infer<typeof uploadResultSchema>;

import { z } from 'zod';
import { itemFactsInputSchema, itemFactsSchema } from './facts';
import { METADATA_MAX, TITLE_MAX } from './limits';
import { imageIdSchema, uuidSchema } from './shelf';
import { text } from './strings';

/**
 * The wanted list: the pieces a collector is looking for. Each entry has a title, the items' facts, a
 * note, an optional reference photo (an uploaded photo of theirs) and whether others may see it. The
 * owner sees every entry; others see the public ones of a profile they may see (never across a block).
 */
export const WANTED_LIMITS = {
  /** Entries per collector. */
  entries: 200,
  title: TITLE_MAX,
  note: METADATA_MAX,
} as const;

const wantedTitle = text().trim().min(1, 'This field is required.').max(WANTED_LIMITS.title);
/** A note: blank is none (null). */
const wantedNote = text()
  .trim()
  .max(WANTED_LIMITS.note)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** `wanted-list`: a person's list by handle, or the caller's own without one. */
export const wantedListInputSchema = z.object({ handle: text().trim().toLowerCase().min(1).max(64).optional() });

export const wantedCreateInputSchema = z.object({
  title: wantedTitle,
  facts: itemFactsInputSchema.prefault({}),
  note: wantedNote,
  public: z.boolean().default(false),
  /** A reference photo: an image the caller uploaded as a photo (`uploads-sign`). */
  imageId: imageIdSchema.nullish(),
});
export type WantedCreateInput = z.input<typeof wantedCreateInputSchema>;

/** `wanted-update`: what is given changes; a field left out stays as it is (`imageId: null` removes the photo). */
export const wantedUpdateInputSchema = z.object({
  id: uuidSchema,
  title: wantedTitle.optional(),
  facts: itemFactsInputSchema.optional(),
  note: wantedNote,
  public: z.boolean().optional(),
  imageId: imageIdSchema.nullish(),
});
export type WantedUpdateInput = z.input<typeof wantedUpdateInputSchema>;
export const wantedIdInputSchema = z.object({ id: uuidSchema });

export const wantedEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  facts: itemFactsSchema,
  note: z.string().nullable(),
  public: z.boolean(),
  imageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WantedEntry = z.infer<typeof wantedEntrySchema>;

/**
 * A list as the viewer may see it: `visible` with its owner and entries (all of them for the owner,
 * the public ones for others), or `private` with nothing (a private or hidden profile, a block either way).
 */
export const wantedListResultSchema = z.discriminatedUnion('access', [
  z.object({
    access: z.literal('visible'),
    owner: z.object({ handle: z.string(), displayName: z.string() }),
    isOwner: z.boolean(),
    entries: z.array(wantedEntrySchema),
  }),
  z.object({ access: z.literal('private'), owner: z.null(), isOwner: z.literal(false), entries: z.array(wantedEntrySchema).length(0) }),
]);
export type WantedListResult = z.infer<typeof wantedListResultSchema>;
export const wantedEntryResultSchema = z.object({ entry: wantedEntrySchema });

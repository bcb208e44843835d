import { z } from 'zod';
import { ALT_TEXT_MAX, TITLE_MAX, TAG_MAX_LENGTH, TAGS_MAX, METADATA_MAX } from './limits';
import { LANGUAGES, MAX_ITEMS_PER_SHELF, PHOTO_ROLES, SHELF_MAX_SIZE, SHELF_MIN_SIZE, STYLES } from './limits';
import { text, textOrList } from './strings';
import { itemFactsInputSchema, itemFactsSchema } from './facts';

export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_TOKEN_TTL_MS = 10 * 60 * 1000;
export const IMAGE_VARIANTS = ['public', 'thumb', 'avatar'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const SHELF_MESSAGES = {
  maxPhotos: 'Maximum 10 photos allowed',
  needPhotos: 'Please upload at least 1 photo',
  insufficientCredits: 'Insufficient credits (need 3)',
  itemLimit: "You've reached the maximum of 50 items",
  cellOccupied: 'Cell is occupied',
} as const;

/**
 * The spec's rule: a comma-separated list, each trimmed, empties dropped (duplicates dropped too). The
 * full-width comma and the enumeration comma (，、) that a Chinese keyboard types separate as well.
 */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(/[,，、]/) : input;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export const tagsSchema = textOrList(text(), z.array(text()))
  .default([])
  .transform((v) => parseTags(v))
  .pipe(z.array(text().max(TAG_MAX_LENGTH, `A tag may have at most ${TAG_MAX_LENGTH} characters`)).max(TAGS_MAX, `At most ${TAGS_MAX} tags`));

export const uuidSchema = text().uuid('Not a valid id');
export const imageIdSchema = text().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Not a valid image id');
export const photoRoleSchema = z.enum(PHOTO_ROLES);
export const styleSchema = z.enum(STYLES);

export const uploadsSignInputSchema = z.object({
  kind: z.enum(['photo', 'avatar']).default('photo'),
  fileName: text().trim().min(1).max(200),
  contentType: text().trim().max(100),
});
export const uploadsSignResultSchema = z.object({ uploadURL: z.string(), imageId: z.string() });
export type UploadsSignResult = z.infer<typeof uploadsSignResultSchema>;
export const uploadResultSchema = z.object({ imageId: z.string(), width: z.number(), height: z.number() });

export const itemsCreateInputSchema = z.object({
  title: text().trim().min(1, 'This field is required.').max(TITLE_MAX, `Title must be ${TITLE_MAX} characters or less`),
  tags: tagsSchema,
  nsfw: z.boolean().default(false),
  metadata: text()
    .trim()
    .max(METADATA_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** What the item is (maker, line, character, year, scale, edition, condition, barcode): all optional. */
  facts: itemFactsInputSchema.prefault({}),
});
export type ItemsCreateInput = z.input<typeof itemsCreateInputSchema>;

export const photosAddInputSchema = z.object({ itemId: uuidSchema, imageId: imageIdSchema, role: photoRoleSchema.default('front') });
export const photosUpdateRoleInputSchema = z.object({ imageId: imageIdSchema, role: photoRoleSchema });
/**
 * Alt text of an image (the chosen one, a photo): trimmed, at most ALT_TEXT_MAX characters; blank unsets it
 * (null); left out, it stays as it is (undefined).
 */
export const altTextSchema = text()
  .trim()
  .max(ALT_TEXT_MAX)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
/** `photos-update`: a photo's role and alt text; what is left out stays as it is. */
export const photosUpdateInputSchema = z.object({ imageId: imageIdSchema, role: photoRoleSchema.optional(), altText: altTextSchema });
export const photosDeleteInputSchema = z.object({ imageId: imageIdSchema });
export const languageSchema = z.enum(LANGUAGES);
/** `lang`: the collector's language, for the words the generator draws on the images (placards). */
export const itemsGenerateInputSchema = z.object({ itemId: uuidSchema, style: styleSchema, lang: languageSchema.default('en') });
/** `altText`: the chosen image's alt text (the wizard asks for it when saving); left out, it stays as it is. */
export const itemsChooseInputSchema = z.object({ itemId: uuidSchema, compositeId: uuidSchema, altText: altTextSchema });
export const itemsPlaceInputSchema = z.object({ itemId: uuidSchema });

/**
 * A photo's preparation for generation: its subject is cut out by the segmentation model in the
 * background after upload (`pending`), then `ready`; `failed` when the model could not cut it out,
 * and generation then uses the simple border-colour cut for that photo.
 */
export const PHOTO_PREP_STATES = ['pending', 'ready', 'failed'] as const;
export type PhotoPrep = (typeof PHOTO_PREP_STATES)[number];
export const photoPrepSchema = z.enum(PHOTO_PREP_STATES);
export const photoSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  imageId: z.string(),
  role: photoRoleSchema,
  prep: photoPrepSchema,
  altText: z.string().nullable(),
});
export type Photo = z.infer<typeof photoSchema>;
export const variantSchema = z.object({ compositeId: z.string(), imageId: z.string(), variantNo: z.number().int() });

/**
 * How the studio showed the item: its cut-out standing in the scene, or the whole photo as a framed print, when the
 * subject fills the photo (`fills_frame`: a cut-out would have straight-cut edges and leftover background) or the
 * mask is unsure where the subject ends (`unsure_mask`).
 */
export const IMAGE_TREATMENTS = ['cutout', 'print'] as const;
export const PRINT_REASONS = ['fills_frame', 'unsure_mask'] as const;
export const imageTreatmentSchema = z.object({ kind: z.enum(IMAGE_TREATMENTS), reason: z.enum(PRINT_REASONS).nullable() });
export type ImageTreatment = z.infer<typeof imageTreatmentSchema>;

/** `items-variants-list` (the owner only): every variant generated for the item, oldest first, with its style. */
export const itemsVariantsListResultSchema = z.object({
  variants: z.array(variantSchema.extend({ style: styleSchema, createdAt: z.string() })),
});

/** The wizard step an unfinished item resumes at: no photo yet, photos but no variant, or variants to choose from. */
export const RESUME_STEPS = ['photos', 'style', 'generate'] as const;
export type ResumeStep = (typeof RESUME_STEPS)[number];

/**
 * `items-unfinished-list`: the caller's items without a chosen image (they count toward the item limit), newest first,
 * each with where the wizard resumes, its photos (to show them again), its facts and when the clean-up deletes it.
 */
export const itemsUnfinishedListResultSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      tags: z.array(z.string()),
      nsfw: z.boolean(),
      photoCount: z.number().int(),
      createdAt: z.string(),
      /** When the drafts clean-up deletes it; null for an item kept (one with a ledger, e.g. imported). */
      expiresAt: z.string().nullable(),
      step: z.enum(RESUME_STEPS),
      photos: z.array(z.object({ imageId: z.string(), role: photoRoleSchema, prep: photoPrepSchema })),
      /** Its facts as entered in the first step, shown again when the wizard resumes. */
      facts: itemFactsSchema,
    }),
  ),
});
export type ItemsUnfinishedListResult = z.infer<typeof itemsUnfinishedListResultSchema>;
export type UnfinishedItem = ItemsUnfinishedListResult['items'][number];
export type ItemsVariantsListResult = z.infer<typeof itemsVariantsListResultSchema>;
export type Variant = z.infer<typeof variantSchema>;

const coord = z
  .number()
  .int()
  .min(0)
  .max(SHELF_MAX_SIZE - 1);
export const arrangementSchema = z.object({
  itemId: uuidSchema,
  col: coord,
  row: z.number().int().min(0).max(MAX_ITEMS_PER_SHELF),
  overflow: z.boolean().default(false),
  zIndex: z.number().int().min(0).max(1000).default(0),
});
export type Arrangement = z.infer<typeof arrangementSchema>;

export const shelfMoveInputSchema = z.object({ itemId: uuidSchema, col: coord, row: coord });
export const shelfAutoArrangeInputSchema = z.object({ shelfId: uuidSchema });
export const shelfApplyInputSchema = z.object({
  shelfId: uuidSchema,
  arrangements: z.array(arrangementSchema).max(MAX_ITEMS_PER_SHELF),
});
export const shelfResizeInputSchema = z.object({
  cols: z.number().int().min(SHELF_MIN_SIZE).max(SHELF_MAX_SIZE),
  rows: z.number().int().min(SHELF_MIN_SIZE).max(SHELF_MAX_SIZE),
});

export const shelfItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  imageId: z.string().nullable(),
  /** The image's alt text; null: the title stands in. */
  altText: z.string().nullable(),
  chosenCompositeId: z.string().nullable(),
  createdAt: z.string(),
});
export type ShelfItem = z.infer<typeof shelfItemSchema>;
export const shelfGetResultSchema = z.object({
  shelf: z.object({ id: z.string(), layout: z.object({ cols: z.number(), rows: z.number() }) }),
  items: z.array(shelfItemSchema),
  arrangements: z.array(arrangementSchema),
});
export type ShelfGetResult = z.infer<typeof shelfGetResultSchema>;

export const STYLE_LABELS: Record<(typeof STYLES)[number], string> = {
  bookshelf_hero: 'Bookshelf Hero',
  bright_gallery: 'Bright Gallery',
  manga_halftone: 'Manga Halftone',
  museum_brick_exhibit: 'Museum Brick Exhibit',
  desk_figure_prototype: 'Desk Figure Prototype',
};

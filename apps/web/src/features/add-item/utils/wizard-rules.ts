import {
  GENERATION_COST,
  itemsCreateInputSchema,
  MAX_PHOTOS_PER_ITEM,
  PHOTO_ROLES,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type PhotoPrep,
  type PhotoRole,
} from '@curio/contract';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { factsFormSchema, factsKeys, type FactsFormValues } from '@/lib/facts-form';
import { everyCode, issueKeys, narrowInput, type FormKeys } from '@/lib/form';

export const STEPS = ['details', 'photos', 'style', 'generate'] as const;
export type WizardStep = (typeof STEPS)[number];

export type DetailsInput = { title: string; tags: string; nsfw: boolean; notes: string; facts: FactsFormValues };

/** Chinese keyboards type a full-width comma (，) or an enumeration comma (、): both separate tags too. */
export function normalizeTags(tags: string): string {
  return tags.replace(/[，、]/g, ',');
}

const text = narrowInput<string>();
/**
 * Step 1 by the contract's item rules: the title required once trimmed, the tags (Chinese commas too; each ≤ 40
 * characters, ≤ 20 tags), the notes and the optional facts.
 */
export const detailsFormSchema = z.object({
  title: itemsCreateInputSchema.shape.title,
  tags: z.string().transform(normalizeTags).pipe(text(itemsCreateInputSchema.shape.tags)),
  nsfw: z.boolean(),
  notes: text(itemsCreateInputSchema.shape.metadata),
  facts: factsFormSchema,
});
export type DetailsOutput = z.output<typeof detailsFormSchema>;
export const DETAILS_KEYS: FormKeys = {
  title: { required: 'common.required', too_long: 'addItem.details.titleTooLong' },
  tags: everyCode('addItem.details.tagsInvalid'),
  notes: everyCode('addItem.details.notesTooLong'),
  ...factsKeys('facts'),
};

/** Field → i18n key of what is wrong with step 1; empty when the item may be created. */
export function detailsErrors(details: DetailsInput): Record<string, string> {
  const parsed = detailsFormSchema.safeParse(details);
  return Object.fromEntries(Object.entries(issueKeys(parsed.error?.issues ?? [], DETAILS_KEYS)).map(([field, { key }]) => [field, key]));
}

export type PhotoStatus = 'signing' | 'uploading' | 'saving' | 'done';

/** Step 2 → 3: at least one photo, and every photo uploaded and recorded. Null when Next may go on. */
export function photosBlocker(photos: readonly { status: PhotoStatus }[]): string | null {
  if (photos.length === 0) return 'addItem.needPhotos';
  if (photos.some((p) => p.status !== 'done')) return 'addItem.photos.waitForUploads';
  return null;
}

/**
 * How far the photos' preparation (the background cut-out after upload) has come: `total` counts
 * recorded photos; `failed` ones are prepared too (with the simple cut).
 */
export function prepProgress(photos: readonly { status: PhotoStatus; prep: PhotoPrep | null }[]) {
  const recorded = photos.filter((p) => p.status === 'done');
  const ready = recorded.filter((p) => p.prep === 'ready' || p.prep === 'failed').length;
  return { ready, total: recorded.length, pending: recorded.length - ready, failed: recorded.filter((p) => p.prep === 'failed').length };
}

/** "2, 3" for photos by their position (1-based) in the list, from the image ids the server named. */
export function photoNumbers(photos: readonly { imageId: string | null }[], imageIds: readonly string[]): number[] {
  return photos.flatMap((p, i) => (p.imageId && imageIds.includes(p.imageId) ? [i + 1] : []));
}

/** How many more photos fit (10 at most). */
export function photoSlotsLeft(count: number): number {
  return Math.max(0, MAX_PHOTOS_PER_ITEM - count);
}

/** A sensible first guess for the n-th photo's role: front, side, back, then detail. */
export function defaultRole(index: number): PhotoRole {
  const guesses: PhotoRole[] = ['front', 'side', 'back'];
  return guesses[index] ?? 'detail';
}

export const isPhotoRole = (value: string): value is PhotoRole => (PHOTO_ROLES as readonly string[]).includes(value);

/** A file the browser can already tell is not usable: not an image type we accept, or over 15 MB. */
export function localFileProblem(file: { type: string; size: number; name: string }): string | null {
  const type = file.type.toLowerCase();
  const heicByName = !type && /\.(heic|heif)$/i.test(file.name);
  if (!heicByName && !(UPLOAD_ACCEPT as readonly string[]).includes(type)) return 'errors.upload_invalid';
  if (file.size > UPLOAD_MAX_BYTES) return 'errors.payload_too_large';
  return null;
}

/** Step 4: why Generate is disabled, or null. Admins may generate during maintenance. */
export function generateBlocker({
  balance,
  maintenanceMode,
  isAdmin,
}: {
  balance: number | undefined;
  maintenanceMode: boolean;
  isAdmin: boolean;
}): string | null {
  if (maintenanceMode && !isAdmin) return 'maintenance.generationDisabled';
  if (balance === undefined) return 'addItem.generate.balanceUnknown';
  if (balance < GENERATION_COST) return 'addItem.needCredits';
  return null;
}

/** Step 1's failure: the item limit, or the generic save failure. */
export function createItemErrorKey(error: unknown): string {
  if (isApiError(error) && error.code === 'item_limit') return 'addItem.itemLimitReached';
  if (isApiError(error) && error.code === 'network_error') return 'errors.network_error';
  return 'addItem.errorSave';
}

/** Generation failures (spec §8): 402 → need credits, 403 maintenance → disabled, otherwise retry. */
export function generateErrorKey(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'network_error') return 'errors.network_error';
    if (error.status === 402 || error.code === 'insufficient_credits') return 'addItem.needCredits';
    if (error.code === 'maintenance') return 'maintenance.generationDisabled';
    if (error.code === 'needs_photo') return 'addItem.needPhotos';
    if (error.code === 'photos_preparing') return 'errors.photos_preparing';
  } else if (error instanceof Error && error.message.includes('402')) {
    return 'addItem.needCredits';
  }
  return 'addItem.errorGenerate';
}

/** The detail under "Failed to upload photo", when the reason is worth telling. */
export function uploadErrorDetailKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const known = ['upload_invalid', 'payload_too_large', 'rate_limited', 'photo_limit', 'upload_expired', 'network_error'];
  return known.includes(error.code) ? `errors.${error.code}` : null;
}

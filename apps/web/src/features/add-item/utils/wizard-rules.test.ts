import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  createItemErrorKey,
  defaultRole,
  detailsErrors,
  generateBlocker,
  generateErrorKey,
  localFileProblem,
  normalizeTags,
  photoNumbers,
  photosBlocker,
  photoSlotsLeft,
  prepProgress,
  uploadErrorDetailKey,
} from './wizard-rules';
import { EMPTY_FACTS_FORM } from '@/lib/facts-form';

const details = { title: 'Robot', tags: 'mecha, vintage', nsfw: false, notes: '', facts: EMPTY_FACTS_FORM };

describe('step 1: details', () => {
  it('needs a title once trimmed', () => {
    expect(detailsErrors(details)).toEqual({});
    expect(detailsErrors({ ...details, title: '   ' })).toEqual({ title: 'common.required' });
    expect(detailsErrors({ ...details, title: 'x'.repeat(101) })).toEqual({ title: 'addItem.details.titleTooLong' });
  });

  it('checks the optional facts by the contract, each at its own box', () => {
    const facts = (f: Partial<typeof EMPTY_FACTS_FORM>) => detailsErrors({ ...details, facts: { ...EMPTY_FACTS_FORM, ...f } });
    expect(facts({ maker: '  ', year: ' ', edition: { number: '', of: '' } })).toEqual({});
    expect(facts({ year: '1799' })).toEqual({ 'facts.year': 'facts.errors.year' });
    expect(facts({ year: 'abcd' })).toEqual({ 'facts.year': 'facts.errors.year' });
    expect(facts({ edition: { number: '13', of: '12' } })).toEqual({ 'facts.edition.number': 'facts.errors.editionNumberTooBig' });
    expect(facts({ edition: { number: '12', of: '' } })).toEqual({ 'facts.edition.of': 'facts.errors.editionBoth' });
    expect(facts({ edition: { number: '1.5', of: '3' } })).toEqual({ 'facts.edition.number': 'facts.errors.editionNumber' });
    expect(facts({ barcode: '12-ab' })).toEqual({ 'facts.barcode': 'facts.errors.barcode' });
    expect(facts({ maker: 'x'.repeat(81) })).toEqual({ 'facts.maker': 'facts.errors.nameTooLong' });
    expect(facts({ scale: 'a\u0000b' })).toEqual({ 'facts.scale': 'facts.errors.unsafeText' });
  });

  it('accepts Chinese commas between tags', () => {
    expect(normalizeTags('机器人，复古、铁皮')).toBe('机器人,复古,铁皮');
  });

  it('checks the tags against the contract', () => {
    expect(detailsErrors({ ...details, tags: ' , ,' })).toEqual({});
    expect(detailsErrors({ ...details, tags: 'x'.repeat(41) })).toEqual({ tags: 'addItem.details.tagsInvalid' });
  });

  it('maps create failures', () => {
    expect(createItemErrorKey(new ApiError(409, 'item_limit', 'limit'))).toBe('addItem.itemLimitReached');
    expect(createItemErrorKey(new ApiError(500, 'internal_error', 'boom'))).toBe('addItem.errorSave');
    expect(createItemErrorKey(new Error('offline'))).toBe('addItem.errorSave');
    // No answer at all: the message says so (the connection), not that saving failed.
    expect(createItemErrorKey(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('errors.network_error');
  });
});

describe('step 2: photos', () => {
  it('needs at least one photo, all uploaded', () => {
    expect(photosBlocker([])).toBe('addItem.needPhotos');
    expect(photosBlocker([{ status: 'done' }, { status: 'uploading' }])).toBe('addItem.photos.waitForUploads');
    expect(photosBlocker([{ status: 'done' }, { status: 'done' }])).toBeNull();
  });

  it('allows at most 10 photos', () => {
    expect(photoSlotsLeft(0)).toBe(10);
    expect(photoSlotsLeft(9)).toBe(1);
    expect(photoSlotsLeft(12)).toBe(0);
  });

  it('guesses roles front, side, back, then detail', () => {
    expect([0, 1, 2, 3, 7].map(defaultRole)).toEqual(['front', 'side', 'back', 'detail', 'detail']);
  });

  it('refuses files that are not accepted images or are too large, before uploading', () => {
    expect(localFileProblem({ type: 'image/jpeg', size: 1000, name: 'a.jpg' })).toBeNull();
    expect(localFileProblem({ type: '', size: 1000, name: 'IMG_1.HEIC' })).toBeNull();
    expect(localFileProblem({ type: 'image/svg+xml', size: 1000, name: 'a.svg' })).toBe('errors.upload_invalid');
    expect(localFileProblem({ type: 'application/pdf', size: 1000, name: 'a.pdf' })).toBe('errors.upload_invalid');
    expect(localFileProblem({ type: 'image/png', size: 16 * 1024 * 1024, name: 'a.png' })).toBe('errors.payload_too_large');
  });

  it('explains known upload failures', () => {
    expect(uploadErrorDetailKey(new ApiError(400, 'upload_invalid', 'no'))).toBe('errors.upload_invalid');
    expect(uploadErrorDetailKey(new ApiError(409, 'photo_limit', 'no'))).toBe('errors.photo_limit');
    expect(uploadErrorDetailKey(new ApiError(500, 'internal_error', 'no'))).toBeNull();
  });
});

describe('step 4: generate', () => {
  it('is disabled below 3 credits and during maintenance for non-admins', () => {
    expect(generateBlocker({ balance: 3, maintenanceMode: false, isAdmin: false })).toBeNull();
    expect(generateBlocker({ balance: 2, maintenanceMode: false, isAdmin: false })).toBe('addItem.needCredits');
    expect(generateBlocker({ balance: 30, maintenanceMode: true, isAdmin: false })).toBe('maintenance.generationDisabled');
    expect(generateBlocker({ balance: 30, maintenanceMode: true, isAdmin: true })).toBeNull();
    expect(generateBlocker({ balance: undefined, maintenanceMode: false, isAdmin: false })).toBe('addItem.generate.balanceUnknown');
  });

  it('maps generation failures as the spec says', () => {
    expect(generateErrorKey(new ApiError(402, 'insufficient_credits', 'x'))).toBe('addItem.needCredits');
    expect(generateErrorKey(new ApiError(403, 'maintenance', 'x'))).toBe('maintenance.generationDisabled');
    expect(generateErrorKey(new ApiError(502, 'generation_failed', 'x'))).toBe('addItem.errorGenerate');
    expect(generateErrorKey(new ApiError(0, 'network_error', 'x'))).toBe('errors.network_error');
    expect(generateErrorKey(new Error('HTTP 402 Payment Required'))).toBe('addItem.needCredits');
  });
});

describe('photo preparation', () => {
  it('counts recorded photos prepared (ready, or failed with the simple cut) and pending', () => {
    const photos = [
      { status: 'done' as const, prep: 'ready' as const },
      { status: 'done' as const, prep: 'pending' as const },
      { status: 'done' as const, prep: 'failed' as const },
      { status: 'uploading' as const, prep: null },
    ];
    expect(prepProgress(photos)).toEqual({ ready: 2, total: 3, pending: 1, failed: 1 });
    expect(prepProgress([])).toEqual({ ready: 0, total: 0, pending: 0, failed: 0 });
  });

  it('numbers the photos the server named by image id, in list order', () => {
    expect(photoNumbers([{ imageId: 'a' }, { imageId: null }, { imageId: 'c' }], ['c', 'a', 'x'])).toEqual([1, 3]);
  });

  it('maps a generation refused while photos are prepared to its message', () => {
    expect(generateErrorKey(new ApiError(503, 'photos_preparing', 'wait'))).toBe('errors.photos_preparing');
  });
});

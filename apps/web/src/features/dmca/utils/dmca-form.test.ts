import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { issueKeys, setServerErrors } from '@/lib/form';
import { DMCA_FORM_KEYS, dmcaFormSchema, EMPTY_DMCA_FORM, itemIdFromUrl, splitUrlLines, toDmcaInput, type DmcaFormValues } from './dmca-form';

/** Field → i18n key of what is wrong; empty when the notice may be sent. */
function validateDmca(values: DmcaFormValues): Record<string, string> {
  const r = dmcaFormSchema.safeParse(values);
  return Object.fromEntries(Object.entries(issueKeys(r.error?.issues ?? [], DMCA_FORM_KEYS)).map(([field, { key }]) => [field, key]));
}

const ID = '0b6f8a52-3c1e-4b7a-9a57-2d9d1f0c0e11';
const valid = {
  ...EMPTY_DMCA_FORM,
  claimantName: 'Ada',
  claimantEmail: 'ada@example.com',
  workDescription: 'My photo',
  signature: 'Ada',
  infringingItemUrl: `https://curio.example/i/${ID}`,
  goodFaith: true,
  perjury: true,
};

describe('the DMCA form rules', () => {
  it('accepts a complete notice and sends lists without blank lines', () => {
    expect(validateDmca(valid)).toEqual({});
    const input = toDmcaInput({ ...valid, originalUrls: ' https://a.example \n\n https://b.example\n' });
    expect(input.originalUrls).toEqual(['https://a.example', 'https://b.example']);
    expect(input).not.toHaveProperty('claimantPhone');
  });

  it('asks for both confirmations, an infringing URL and the required fields', () => {
    const e = validateDmca({ ...EMPTY_DMCA_FORM, goodFaith: true });
    // Every rule is told at once: the rules across fields too, while single fields are wrong.
    expect(e).toEqual({
      claimantName: 'dmca.errors.name',
      claimantEmail: 'dmca.errors.email',
      workDescription: 'dmca.errors.workDescription',
      infringingUrls: 'dmca.errors.infringingUrl',
      signature: 'dmca.errors.signature',
      goodFaith: 'dmca.errors.confirmations',
    });
  });

  it('refuses addresses that are not http(s) and item addresses without /i/{id}', () => {
    expect(validateDmca({ ...valid, infringingUrls: 'javascript:alert(1)' }).infringingUrls).toBe('dmca.errors.url');
    expect(validateDmca({ ...valid, infringingItemUrl: 'https://curio.example/u/ada' }).infringingItemUrl).toBe('dmca.errors.itemUrl');
    expect(validateDmca({ ...valid, claimantEmail: 'nope' }).claimantEmail).toBe('dmca.errors.emailInvalid');
  });

  it('takes the item id from an /i/{id} address or a bare id', () => {
    expect(itemIdFromUrl(`https://curio.example/i/${ID.toUpperCase()}?x=1`)).toBe(ID);
    expect(itemIdFromUrl(ID)).toBe(ID);
    expect(itemIdFromUrl('https://curio.example/i/not-an-id')).toBeNull();
    expect(splitUrlLines('a\r\n\r\n b ')).toEqual(['a', 'b']);
  });

  it('tells too many addresses from a wrong one', () => {
    const many = Array.from({ length: 51 }, (_, i) => `https://copy.example/${i}`).join('\n');
    expect(validateDmca({ ...valid, originalUrls: many }).originalUrls).toBe('dmca.errors.tooManyUrls');
  });

  it('maps the server codes to the same keys', () => {
    const fields: Record<string, { message?: string }> = {};
    const error = new ApiError(400, 'validation_failed', 'x', { goodFaith: 'required', infringingUrls: 'required', claimantEmail: 'invalid_format' });
    setServerErrors(error, (field, e) => void (fields[field] = e), DMCA_FORM_KEYS);
    expect(fields).toEqual({
      goodFaith: { type: 'required', message: 'dmca.errors.confirmations' },
      infringingUrls: { type: 'required', message: 'dmca.errors.infringingUrl' },
      claimantEmail: { type: 'invalid_format', message: 'dmca.errors.emailInvalid' },
    });
  });
});

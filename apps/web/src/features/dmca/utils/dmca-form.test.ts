import { describe, expect, it } from 'vitest';
import { EMPTY_DMCA_FORM, itemIdFromUrl, serverDmcaErrors, splitUrlLines, toDmcaInput, validateDmca } from './dmca-form';

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
    expect(e).toEqual({
      claimantName: 'dmca.errors.name',
      claimantEmail: 'dmca.errors.email',
      workDescription: 'dmca.errors.workDescription',
      infringingUrls: 'dmca.errors.infringingUrl',
      signature: 'dmca.errors.signature',
      confirmations: 'dmca.errors.confirmations',
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

  it('maps the server messages to the same keys', () => {
    expect(
      serverDmcaErrors({ goodFaith: 'Please confirm both required statements', infringingUrls: 'Please provide at least one infringing URL', x: 'Other' }),
    ).toEqual({
      confirmations: 'dmca.errors.confirmations',
      infringingUrls: 'dmca.errors.infringingUrl',
    });
  });
});

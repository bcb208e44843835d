import { dmcaSubmitInputSchema, itemIdFromUrl, splitUrlLines, type FunctionInput } from '@curio/contract';
import { z } from 'zod';
import type { FormKeys } from '@/lib/form';

export { itemIdFromUrl, splitUrlLines };

export type DmcaFormValues = {
  claimantName: string;
  claimantEmail: string;
  claimantAddress: string;
  claimantPhone: string;
  workDescription: string;
  originalUrls: string;
  infringingItemUrl: string;
  infringingUrls: string;
  signature: string;
  goodFaith: boolean;
  perjury: boolean;
};
export type DmcaField = keyof DmcaFormValues;

export const EMPTY_DMCA_FORM: DmcaFormValues = {
  claimantName: '',
  claimantEmail: '',
  claimantAddress: '',
  claimantPhone: '',
  workDescription: '',
  originalUrls: '',
  infringingItemUrl: '',
  infringingUrls: '',
  signature: '',
  goodFaith: false,
  perjury: false,
};

export const DMCA_FIELD_LIMITS = {
  claimantName: 200,
  claimantEmail: 254,
  claimantAddress: 500,
  claimantPhone: 50,
  signature: 200,
  workDescription: 5000,
} as const;

/** Each time a rule across fields is checked, also when some field is wrong: the form tells everything at once. */
const always = { when: () => true } as const;
const hasUrls = (v: unknown) => (Array.isArray(v) ? v.length > 0 : splitUrlLines(typeof v === 'string' ? v : undefined).length > 0);

/**
 * The notice's rules: the contract's fields (dmca-submit's input) and its rules across fields (an item
 * page's address, at least one copy, both statements), on the form's strings.
 */
export const dmcaFormSchema = z
  .object(dmcaSubmitInputSchema.in.shape)
  .refine((v) => !v.infringingItemUrl || !!itemIdFromUrl(v.infringingItemUrl), {
    ...always,
    path: ['infringingItemUrl'],
    params: { fieldCode: 'invalid_format' },
  })
  .refine((v) => !!v.infringingItemUrl || hasUrls(v.infringingUrls), { ...always, path: ['infringingUrls'], params: { fieldCode: 'required' } })
  .refine((v) => v.goodFaith && v.perjury, { ...always, path: ['goodFaith'], params: { fieldCode: 'required' } });

/** The texts of the notice's codes (the form's checks and the server's alike): i18n keys under `dmca.errors`. */
const URL_LIST = { invalid_format: 'dmca.errors.url', too_long: 'dmca.errors.tooManyUrls', unsafe_text: 'dmca.errors.url' };
export const DMCA_FORM_KEYS: FormKeys = {
  claimantName: { required: 'dmca.errors.name' },
  claimantEmail: { required: 'dmca.errors.email', invalid_format: 'dmca.errors.emailInvalid', too_long: 'dmca.errors.emailInvalid' },
  workDescription: { required: 'dmca.errors.workDescription' },
  signature: { required: 'dmca.errors.signature' },
  originalUrls: URL_LIST,
  infringingUrls: { ...URL_LIST, required: 'dmca.errors.infringingUrl' },
  infringingItemUrl: { invalid_format: 'dmca.errors.itemUrl' },
  goodFaith: { required: 'dmca.errors.confirmations', invalid_value: 'dmca.errors.confirmations' },
};

/** What dmca-submit is sent: lists as arrays, optional texts left out when empty. */
export function toDmcaInput(v: DmcaFormValues): FunctionInput<'dmca-submit'> {
  return {
    claimantName: v.claimantName.trim(),
    claimantEmail: v.claimantEmail.trim(),
    ...(v.claimantAddress.trim() ? { claimantAddress: v.claimantAddress.trim() } : {}),
    ...(v.claimantPhone.trim() ? { claimantPhone: v.claimantPhone.trim() } : {}),
    signature: v.signature.trim(),
    workDescription: v.workDescription.trim(),
    originalUrls: splitUrlLines(v.originalUrls),
    ...(v.infringingItemUrl.trim() ? { infringingItemUrl: v.infringingItemUrl.trim() } : {}),
    infringingUrls: splitUrlLines(v.infringingUrls),
    goodFaith: v.goodFaith,
    perjury: v.perjury,
  };
}

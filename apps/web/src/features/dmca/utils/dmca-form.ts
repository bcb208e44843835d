import type { FunctionInput } from '@curio/contract';

/**
 * The DMCA form's rules, mirroring the server's (packages/contract/src/dmca.ts; kept apart so the
 * page does not load zod): values are i18n keys under `dmca.errors`.
 */
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
export type DmcaErrors = Partial<Record<DmcaField | 'confirmations', string>>;

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
const MAX_URLS = 50;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The item id in an item page's address (`…/i/{id}`) or a bare id; null when there is none. */
export function itemIdFromUrl(value: string): string | null {
  const v = value.trim();
  if (new RegExp(`^${UUID}$`, 'i').test(v)) return v.toLowerCase();
  const m = new RegExp(`/i/(${UUID})(?:[/?#]|$)`, 'i').exec(v);
  return m ? m[1]!.toLowerCase() : null;
}

/** One address per line, blanks dropped. */
export const splitUrlLines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export function isHttpUrl(value: string) {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function urlListError(value: string): string | undefined {
  const urls = splitUrlLines(value);
  if (urls.length > MAX_URLS) return 'dmca.errors.tooManyUrls';
  if (urls.some((u) => u.length > 2048 || !isHttpUrl(u))) return 'dmca.errors.url';
  return undefined;
}

/** Field → i18n key of what is wrong; empty when the notice may be sent. */
export function validateDmca(v: DmcaFormValues): DmcaErrors {
  const e: DmcaErrors = {};
  if (!v.claimantName.trim()) e.claimantName = 'dmca.errors.name';
  if (!v.claimantEmail.trim()) e.claimantEmail = 'dmca.errors.email';
  else if (!EMAIL.test(v.claimantEmail.trim())) e.claimantEmail = 'dmca.errors.emailInvalid';
  if (!v.workDescription.trim()) e.workDescription = 'dmca.errors.workDescription';
  const original = urlListError(v.originalUrls);
  if (original) e.originalUrls = original;
  if (v.infringingItemUrl.trim() && !itemIdFromUrl(v.infringingItemUrl)) e.infringingItemUrl = 'dmca.errors.itemUrl';
  const infringing = urlListError(v.infringingUrls);
  if (infringing) e.infringingUrls = infringing;
  else if (!v.infringingItemUrl.trim() && splitUrlLines(v.infringingUrls).length === 0) e.infringingUrls = 'dmca.errors.infringingUrl';
  if (!v.signature.trim()) e.signature = 'dmca.errors.signature';
  if (!v.goodFaith || !v.perjury) e.confirmations = 'dmca.errors.confirmations';
  return e;
}

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

/** The server's messages (contract DMCA_MESSAGES) → the same i18n keys, for errors the server finds. */
const SERVER_MESSAGES: Record<string, string> = {
  'Please confirm both required statements': 'dmca.errors.confirmations',
  'Please provide at least one infringing URL': 'dmca.errors.infringingUrl',
  'Please enter your name': 'dmca.errors.name',
  'Please enter your email address': 'dmca.errors.email',
  'Please enter a valid email address': 'dmca.errors.emailInvalid',
  'Please describe the original work': 'dmca.errors.workDescription',
  'Please type your full name as your signature': 'dmca.errors.signature',
  'Enter a web address that starts with http:// or https://': 'dmca.errors.url',
  'Enter the address of an item page, like https://…/i/…': 'dmca.errors.itemUrl',
  'At most 50 addresses per list': 'dmca.errors.tooManyUrls',
};

/** The server's field errors as the form's; the confirmations error is reported on `goodFaith`. */
export function serverDmcaErrors(fields: Record<string, string> | undefined): DmcaErrors {
  const out: DmcaErrors = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    const key = SERVER_MESSAGES[message];
    if (!key) continue;
    if (key === 'dmca.errors.confirmations') out.confirmations = key;
    else if (field in EMPTY_DMCA_FORM) out[field as DmcaField] = key;
  }
  return out;
}

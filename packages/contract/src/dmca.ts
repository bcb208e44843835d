import { z } from 'zod';
import { HTTP_URL_MESSAGE, text, textOrList } from './strings';

/**
 * DMCA takedown notices (spec part 2 §3, §5, §8): anyone may file one through the public form; the
 * answer is a reference a person can quote (`DMCA-` and 8 characters without look-alikes).
 */
export const DMCA_MESSAGES = {
  confirmations: 'Please confirm both required statements',
  infringingUrl: 'Please provide at least one infringing URL',
  name: 'Please enter your name',
  email: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  workDescription: 'Please describe the original work',
  signature: 'Please type your full name as your signature',
  url: HTTP_URL_MESSAGE,
  itemUrl: 'Enter the address of an item page, like https://…/i/…',
  tooManyUrls: 'At most 50 addresses per list',
  failed: 'Failed to submit DMCA notice',
} as const;

// Statuses and moderator actions of a notice: DMCA_STATUSES and DMCA_ACTIONS in moderation.ts.

/** `DMCA-` plus 8 characters of this alphabet (no 0/O, 1/I/L): easy to read out and type. */
export const DMCA_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const DMCA_REFERENCE_PATTERN = /^DMCA-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

export const DMCA_LIMITS = { name: 200, email: 254, address: 500, phone: 50, signature: 200, workDescription: 5000, urls: 50, url: 2048 } as const;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The item id in an item page's address (`…/i/{id}`), or a bare id; null when there is none. */
export function itemIdFromUrl(value: string): string | null {
  const v = value.trim();
  const bare = new RegExp(`^${UUID.source}$`, 'i');
  if (bare.test(v)) return v.toLowerCase();
  const m = new RegExp(`/i/(${UUID.source})(?:[/?#]|$)`, 'i').exec(v);
  return m ? m[1]!.toLowerCase() : null;
}

/** One address per line (or a list), blanks dropped, each trimmed. */
export function splitUrlLines(value: string | string[] | undefined): string[] {
  const lines = Array.isArray(value) ? value : (value ?? '').split(/\r?\n/);
  return lines.map((l) => l.trim()).filter(Boolean);
}

export const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
};

const urlList = textOrList(text().max(DMCA_LIMITS.urls * (DMCA_LIMITS.url + 2)), z.array(text().max(DMCA_LIMITS.url)).max(DMCA_LIMITS.urls * 2))
  .optional()
  .transform((v, ctx) => {
    const urls = splitUrlLines(v);
    if (urls.length > DMCA_LIMITS.urls) ctx.addIssue({ code: 'custom', message: DMCA_MESSAGES.tooManyUrls, params: { fieldCode: 'too_long' } });
    const bad = urls.find((u) => u.length > DMCA_LIMITS.url || !isHttpUrl(u));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: DMCA_MESSAGES.url, params: { fieldCode: 'invalid_format' } });
    return urls;
  });

const required = (max: number, message: string) => text().trim().min(1, message).max(max);
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

export const dmcaSubmitInputSchema = z
  .object({
    claimantName: required(DMCA_LIMITS.name, DMCA_MESSAGES.name),
    claimantEmail: required(DMCA_LIMITS.email, DMCA_MESSAGES.email).pipe(z.email(DMCA_MESSAGES.emailInvalid)),
    claimantAddress: optionalText(DMCA_LIMITS.address),
    claimantPhone: optionalText(DMCA_LIMITS.phone),
    signature: required(DMCA_LIMITS.signature, DMCA_MESSAGES.signature),
    workDescription: required(DMCA_LIMITS.workDescription, DMCA_MESSAGES.workDescription),
    originalUrls: urlList,
    /** The item page's address on this site (or its id); the id is taken from `/i/{id}`. */
    infringingItemUrl: text().trim().max(DMCA_LIMITS.url).optional(),
    infringingItemId: text().uuid().optional(),
    infringingUrls: urlList,
    goodFaith: z.boolean().default(false),
    perjury: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.infringingItemUrl && !itemIdFromUrl(v.infringingItemUrl)) {
      ctx.addIssue({ code: 'custom', path: ['infringingItemUrl'], message: DMCA_MESSAGES.itemUrl, params: { fieldCode: 'invalid_format' } });
    }
    if (!v.infringingItemUrl && !v.infringingItemId && v.infringingUrls.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['infringingUrls'], message: DMCA_MESSAGES.infringingUrl, params: { fieldCode: 'required' } });
    }
    if (!v.goodFaith || !v.perjury)
      ctx.addIssue({ code: 'custom', path: ['goodFaith'], message: DMCA_MESSAGES.confirmations, params: { fieldCode: 'required' } });
  })
  .transform(({ infringingItemUrl, infringingItemId, ...rest }) => ({
    ...rest,
    infringingItemUrl: infringingItemUrl ? infringingItemUrl : null,
    infringingItemId: infringingItemId ?? (infringingItemUrl ? itemIdFromUrl(infringingItemUrl) : null),
  }));
export type DmcaSubmitInput = z.input<typeof dmcaSubmitInputSchema>;
export type DmcaSubmitParsed = z.output<typeof dmcaSubmitInputSchema>;

export const dmcaSubmitResultSchema = z.object({ id: z.string().regex(DMCA_REFERENCE_PATTERN) });
export type DmcaSubmitResult = z.infer<typeof dmcaSubmitResultSchema>;

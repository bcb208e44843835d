import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, BIO_MAX, DISPLAY_NAME_MAX, HANDLE_PATTERN, INVITE_CODE_MAX, ROLES, SHELF_MAX_SIZE, SHELF_MIN_SIZE } from './limits';
import { httpUrl, safeJsonRecord, text } from './strings';

/**
 * The English texts of the shared rules: zod's issue messages, which the server puts in a failed call's
 * `message` (for logs and API clients). `fields` carries codes (FIELD_ERROR_CODES); the web app shows its
 * own texts by code (`validation.<key>` for these rules, lib/form.ts's CONTRACT_KEYS).
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  handleInvalid: 'Handle must be 3-20 characters, lowercase letters, numbers, or underscore',
  handleTaken: 'This handle is already taken',
  displayNameTooLong: `Display name must be ${DISPLAY_NAME_MAX} characters or less`,
  bioTooLong: `Bio must be ${BIO_MAX} characters or less`,
  emailInvalid: 'Enter a valid email address',
  passwordLength: 'Password must be 8 to 128 characters',
  codeRequired: 'Enter your invite code',
  codeTooLong: 'Invite code is too long',
} as const;

/** Lower-cases as typed (the spec's rule) and trims. */
export const normalizeHandle = (raw: string) => raw.trim().toLowerCase();
/** Upper-cases as typed (the spec's rule) and trims. */
export const normalizeInviteCode = (raw: string) => raw.trim().toUpperCase();

export const handleSchema = text().transform(normalizeHandle).pipe(z.string().regex(HANDLE_PATTERN, VALIDATION_MESSAGES.handleInvalid));

export const emailSchema = text().trim().email(VALIDATION_MESSAGES.emailInvalid);
export const passwordSchema = text().min(8, VALIDATION_MESSAGES.passwordLength).max(128, VALIDATION_MESSAGES.passwordLength);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export const magicLinkSchema = z.object({ email: emailSchema });

export const onboardingInputSchema = z.object({
  handle: handleSchema,
  displayName: text().trim().min(1, VALIDATION_MESSAGES.required).max(DISPLAY_NAME_MAX, VALIDATION_MESSAGES.displayNameTooLong),
  bio: text()
    .trim()
    .max(BIO_MAX, VALIDATION_MESSAGES.bioTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  public: z.boolean().default(true),
});
export type OnboardingInput = z.input<typeof onboardingInputSchema>;

export const inviteRedeemInputSchema = z.object({
  code: text().transform(normalizeInviteCode).pipe(z.string().min(1, VALIDATION_MESSAGES.codeRequired).max(INVITE_CODE_MAX, VALIDATION_MESSAGES.codeTooLong)),
});
export const inviteRedeemResultSchema = z.object({
  redeemed: z.literal(true),
  grantedCredits: z.number().int(),
  tester: z.boolean(),
});
export type InviteRedeemResult = z.infer<typeof inviteRedeemResultSchema>;

export const roleSchema = z.enum(ROLES);
export const hasRoleInputSchema = z.object({ role: roleSchema });
export const hasRoleResultSchema = z.object({ hasRole: z.boolean() });

export const announcementSeveritySchema = z.enum(['info', 'warning', 'danger']);

/** What the admin stores. */
export const announcementSettingSchema = z.object({
  title: text().trim().min(1).max(120),
  textEn: text().trim().min(1).max(500),
  textZh: text().trim().max(500).nullish(),
  linkUrl: httpUrl().nullish(),
  severity: announcementSeveritySchema.default('info'),
  dismissible: z.boolean().default(true),
  startsAt: text().datetime().nullish(),
  endsAt: text().datetime().nullish(),
});
export type AnnouncementSetting = z.infer<typeof announcementSettingSchema>;

/** What `public-site-settings` hands to the browser (spec part 1 §3 "as received"). */
export const publicAnnouncementSchema = z.object({
  title: z.string(),
  text: z.string(),
  textZh: z.string().nullable(),
  locale: z.string(),
  linkUrl: z.string().nullable(),
  dismissible: z.boolean(),
  severity: announcementSeveritySchema,
});
export type PublicAnnouncement = z.infer<typeof publicAnnouncementSchema>;

export const publicSiteSettingsSchema = z.object({
  beta_open: z.boolean(),
  maintenanceMode: z.boolean(),
  announcement: publicAnnouncementSchema.nullable(),
  /** Where people follow the maintenance's progress; present only when an admin set one. */
  maintenanceStatusUrl: z.string().nullable().optional(),
  /** The external OpenID Connect provider people may sign in with; present only when one is configured. */
  oidc: z.object({ name: z.string() }).nullable().optional(),
});
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsSchema>;

/** The most an allowance may refill to, and the longest period between refills. */
export const CREDIT_REFILL_AMOUNT_MAX = 10_000;
export const CREDIT_REFILL_DAYS_MAX = 365;
/** The allowance when an admin has set none: every 30 days each collector's balance is topped up to 30. */
export const CREDIT_REFILL_DEFAULT = { amount: 30, everyDays: 30 } as const;
/**
 * The credit allowance: every `everyDays` days (counted from each collector's sign-up) a balance under `amount` is
 * topped up to `amount`. An amount of 0 turns refills off.
 */
export const creditRefillSchema = z.object({
  amount: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(0, 'Enter 0 or more')
    .max(CREDIT_REFILL_AMOUNT_MAX, `Enter at most ${CREDIT_REFILL_AMOUNT_MAX}`),
  everyDays: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'Enter at least 1 day')
    .max(CREDIT_REFILL_DAYS_MAX, `Enter at most ${CREDIT_REFILL_DAYS_MAX} days`),
});
export type CreditRefill = z.infer<typeof creditRefillSchema>;

export const adminSettingsUpdateSchema = z.object({
  betaOpen: z.boolean().optional(),
  maintenanceMode: z.boolean().optional(),
  /** An http(s) page with status updates, linked from the maintenance page; null removes it. */
  maintenanceStatusUrl: httpUrl().nullable().optional(),
  announcement: announcementSettingSchema.nullable().optional(),
  creditRefill: creditRefillSchema.optional(),
});
export type AdminSettingsUpdate = z.input<typeof adminSettingsUpdateSchema>;

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  public: z.boolean(),
  avatarImageId: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileMeSchema = z.object({
  profile: profileSchema.nullable(),
  roles: z.array(roleSchema),
  shelfId: z.string().nullable(),
  credits: z.number().int(),
  inviteRedeemed: z.boolean(),
  tester: z.boolean(),
});
export type ProfileMe = z.infer<typeof profileMeSchema>;

export const shelfLayoutSchema = z.object({
  cols: z.number().int().min(SHELF_MIN_SIZE).max(SHELF_MAX_SIZE),
  rows: z.number().int().min(SHELF_MIN_SIZE).max(SHELF_MAX_SIZE),
});
export type ShelfLayout = z.infer<typeof shelfLayoutSchema>;

export const analyticsTrackSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  props: safeJsonRecord().default({}),
  path: text().max(500).default('/'),
});
export type AnalyticsTrackInput = z.input<typeof analyticsTrackSchema>;
export const analyticsTrackResultSchema = z.object({ stored: z.boolean() });

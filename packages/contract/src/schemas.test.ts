import { describe, expect, it } from 'vitest';
import {
  analyticsTrackSchema,
  announcementSettingSchema,
  credentialsSchema,
  handleSchema,
  inviteRedeemInputSchema,
  magicLinkSchema,
  normalizeHandle,
  normalizeInviteCode,
  onboardingInputSchema,
  VALIDATION_MESSAGES,
} from './schemas';
import { EU_REGION_CODES, INVITE_ALPHABET } from './limits';

describe('handle', () => {
  it.each(['abc', 'ada_lovelace', 'a1_b2', 'x'.repeat(20)])('accepts %s', (h) => {
    expect(handleSchema.parse(h)).toBe(h);
  });
  it('lower-cases and trims as typed', () => {
    expect(normalizeHandle('  Ada_L ')).toBe('ada_l');
    expect(handleSchema.parse('ADA_99')).toBe('ada_99');
  });
  it.each(['ab', 'x'.repeat(21), 'ada-l', 'ada.l', 'ada l', 'añé', ''])('refuses %j with the spec message', (h) => {
    const r = handleSchema.safeParse(h);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.handleInvalid);
  });
});

describe('onboarding input', () => {
  it('requires a display name and stores an empty bio as null', () => {
    const ok = onboardingInputSchema.parse({ handle: 'Abc', displayName: ' Ada ', bio: '  ', public: false });
    expect(ok).toEqual({ handle: 'abc', displayName: 'Ada', bio: null, public: false });
    const bad = onboardingInputSchema.safeParse({ handle: 'abc', displayName: '   ', bio: '' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['displayName'], message: VALIDATION_MESSAGES.required });
  });
  it('defaults to a public profile', () => {
    expect(onboardingInputSchema.parse({ handle: 'abc', displayName: 'A' }).public).toBe(true);
  });
  it('caps the bio', () => {
    expect(onboardingInputSchema.safeParse({ handle: 'abc', displayName: 'A', bio: 'x'.repeat(301) }).success).toBe(false);
  });
});

describe('invite code input', () => {
  it('upper-cases and trims as typed', () => {
    expect(normalizeInviteCode(' curio-abcd2345 ')).toBe('CURIO-ABCD2345');
    expect(inviteRedeemInputSchema.parse({ code: 'curio-x' })).toEqual({ code: 'CURIO-X' });
  });
  it('is required', () => {
    const r = inviteRedeemInputSchema.safeParse({ code: '  ' });
    expect(r.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.codeRequired);
  });
  it('uses an alphabet without look-alike characters', () => {
    expect(INVITE_ALPHABET).toHaveLength(32);
    expect(INVITE_ALPHABET).not.toMatch(/[IO01]/);
  });
});

describe('credentials', () => {
  it('needs an email and a password of 8 to 128 characters', () => {
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: '12345678' }).success).toBe(true);
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: '1234567' }).success).toBe(false);
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
    expect(credentialsSchema.safeParse({ email: 'nope', password: '12345678' }).success).toBe(false);
    expect(magicLinkSchema.safeParse({ email: '' }).success).toBe(false);
  });
});

describe('announcement setting', () => {
  it('needs a title and English text, and a real URL for the link', () => {
    expect(announcementSettingSchema.safeParse({ title: 'T', textEn: 'Hello' }).data).toMatchObject({ severity: 'info', dismissible: true });
    expect(announcementSettingSchema.safeParse({ title: '', textEn: 'Hello' }).success).toBe(false);
    expect(announcementSettingSchema.safeParse({ title: 'T', textEn: 'Hello', linkUrl: 'nope' }).success).toBe(false);
  });
});

describe('analytics event', () => {
  it('accepts the known names only', () => {
    expect(analyticsTrackSchema.safeParse({ name: 'item_view', path: '/i/1' }).data).toEqual({ name: 'item_view', path: '/i/1', props: {} });
    expect(analyticsTrackSchema.safeParse({ name: 'anything' }).success).toBe(false);
  });
});

describe('European region codes', () => {
  it('has the 29 codes of the spec, gb and uk included', () => {
    expect(EU_REGION_CODES).toHaveLength(29);
    expect(new Set(EU_REGION_CODES).size).toBe(29);
    expect(EU_REGION_CODES).toEqual(expect.arrayContaining(['gb', 'uk', 'de', 'fr']));
  });
});

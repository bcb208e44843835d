import { describe, expect, it } from 'vitest';
import { getOnboardingStartStep } from './get-onboarding-start-step';

describe('getOnboardingStartStep', () => {
  it('starts at the invite step when the beta is closed', () => {
    expect(getOnboardingStartStep({ beta_open: false }, { inviteRedeemed: false })).toBe('invite');
  });

  it('starts at the profile step when the beta is open', () => {
    expect(getOnboardingStartStep({ beta_open: true }, { inviteRedeemed: false })).toBe('profile');
  });

  it('treats a missing beta_open (or missing settings) as open', () => {
    expect(getOnboardingStartStep({}, { inviteRedeemed: false })).toBe('profile');
    expect(getOnboardingStartStep(null, { inviteRedeemed: false })).toBe('profile');
    expect(getOnboardingStartStep(undefined, undefined)).toBe('profile');
  });

  it('skips the invite step for a user who already redeemed a code', () => {
    expect(getOnboardingStartStep({ beta_open: false }, { inviteRedeemed: true })).toBe('profile');
  });
});
